/**
 * Reading the multipart upload: a `meta` part (JSON text, as a field or a file) and a
 * `video` part (the scrambled base64 text, as a field or a file). Anything else is refused.
 * Sizes are bounded by the multipart limits registered in app.ts; a field cut short by them
 * is refused too, never processed half-read.
 */
import type {} from "@fastify/multipart"; // request.parts() types
import type { FastifyRequest } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import { HttpError } from "../http/errors";

export interface UploadParts {
  /** The meta part, JSON-parsed (multipart parses JSON-typed fields itself). */
  meta: unknown;
  /** The scrambled base64 text. */
  video: string;
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

export async function readUploadParts(request: FastifyRequest): Promise<UploadParts> {
  if (!request.isMultipart()) {
    throw new HttpError(415, API_ERROR_CODES.unsupportedMediaType, "upload must be multipart/form-data with meta and video parts");
  }
  let meta: unknown = undefined;
  let video: string | undefined;
  for await (const part of request.parts()) {
    const name = part.fieldname;
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
  return { meta, video };
}
