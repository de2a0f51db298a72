/**
 * Reading the multipart upload: a `meta` part (JSON text, as a field or a file), a `video`
 * part (the scrambled base64 text, as a field or a file) and up to face.evidence.maxFrames
 * `frame` parts (image/jpeg files, the evidence frames of face guidance, in the order of
 * meta.guidance.evidenceAtMs). Anything else is refused. Sizes are bounded by the multipart
 * limits registered in app.ts, and each frame by maxFrameBytes while it is read; a part cut
 * short by them is refused too, never processed half-read.
 */
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { API_ERROR_CODES, type UploadGuidance } from "../../../schemas/api";
import type { CaptureFile } from "../../../schemas/capture";
import { HttpError } from "../http/errors";
import { isCompleteJpeg } from "../stream/jpeg";

/** An evidence frame of on-device guidance: kept for staff as a hint, never judged. */
export interface EvidenceFrame {
  jpeg: Uint8Array;
  /** When it was taken on the capture's clock (the report's evidenceAtMs). */
  atMs: number;
}

export interface UploadParts {
  /** The meta part, JSON-parsed (multipart parses JSON-typed fields itself). */
  meta: unknown;
  /** The scrambled base64 text. */
  video: string;
  /** The `frame` parts' JPEG bytes, in the order received. */
  frames: Buffer[];
}

type FrameLimits = Pick<CaptureFile["face"]["evidence"], "maxFrames" | "maxFrameBytes">;

/** Read one frame part whole, refusing it (after draining it) when it is not a JPEG or too big. */
async function readFrame(part: MultipartFile, index: number, limits: FrameLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the end even past the limit, so the parser stays in step; only the first bytes are kept.
  for await (const chunk of part.file) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size <= limits.maxFrameBytes) chunks.push(bytes);
  }
  if (size > limits.maxFrameBytes || part.file.truncated) {
    throw new HttpError(413, API_ERROR_CODES.frameTooLarge, `frame ${index + 1} is ${size} bytes, above the ${limits.maxFrameBytes} bytes allowed`);
  }
  const bytes = Buffer.concat(chunks);
  const type = part.mimetype.split(";")[0]?.trim().toLowerCase();
  if (type !== "image/jpeg" || !isCompleteJpeg(bytes)) {
    throw new HttpError(400, API_ERROR_CODES.frameNotJpeg, `frame ${index + 1} is not a complete JPEG sent as image/jpeg (type ${part.mimetype || "(none)"}, ${size} bytes)`);
  }
  return bytes;
}

/** Pair the frame parts with the report's evidenceAtMs: one time per frame, or no frames and no report. */
export function evidenceFrames(frames: Buffer[], guidance: UploadGuidance | undefined): EvidenceFrame[] {
  const times = guidance?.evidenceAtMs ?? [];
  if (times.length !== frames.length) {
    throw new HttpError(
      400,
      API_ERROR_CODES.framesMismatch,
      `${frames.length} frame parts sent, but meta.guidance.evidenceAtMs lists ${guidance ? times.length : "none (no guidance report)"}`,
    );
  }
  return frames.map((jpeg, i) => ({ jpeg, atMs: times[i] ?? 0 }));
}

const missing = (what: string) => new HttpError(400, API_ERROR_CODES.uploadMissing, `upload has no ${what} part`);

function parseMeta(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new HttpError(400, API_ERROR_CODES.badRequest, "invalid upload meta: not JSON");
  }
}

export async function readUploadParts(request: FastifyRequest, frameLimits: FrameLimits): Promise<UploadParts> {
  if (!request.isMultipart()) {
    throw new HttpError(415, API_ERROR_CODES.unsupportedMediaType, "upload must be multipart/form-data with meta and video parts");
  }
  let meta: unknown = undefined;
  let video: string | undefined;
  const frames: Buffer[] = [];
  for await (const part of request.parts()) {
    const name = part.fieldname;
    if (name === "frame") {
      if (part.type !== "file") {
        throw new HttpError(400, API_ERROR_CODES.frameNotJpeg, `frame ${frames.length + 1} is a text field, not an image/jpeg file`);
      }
      if (frames.length >= frameLimits.maxFrames) {
        part.file.resume();
        throw new HttpError(400, API_ERROR_CODES.framesTooMany, `more than the ${frameLimits.maxFrames} frame parts allowed`);
      }
      frames.push(await readFrame(part, frames.length, frameLimits));
      continue;
    }
    if (name !== "meta" && name !== "video") {
      if (part.type === "file") part.file.resume();
      throw new HttpError(400, API_ERROR_CODES.badRequest, `unexpected upload part "${name}"`);
    }
    if ((name === "meta" && meta !== undefined) || (name === "video" && video !== undefined)) {
      if (part.type === "file") part.file.resume();
      throw new HttpError(400, API_ERROR_CODES.badRequest, `upload part "${name}" sent twice`);
    }
    let text: unknown;
    if (part.type === "file") {
      text = (await part.toBuffer()).toString("latin1");
    } else {
      if (part.valueTruncated) throw new HttpError(413, API_ERROR_CODES.payloadTooLarge, `upload part "${name}" is too large`);
      text = part.value;
    }
    if (name === "meta") meta = parseMeta(text);
    else if (typeof text === "string") video = text;
    else throw new HttpError(400, API_ERROR_CODES.badRequest, "the video part must be base64 text");
  }
  if (meta === undefined) throw missing("meta");
  if (video === undefined || video === "") throw missing("video");
  return { meta, video, frames };
}
