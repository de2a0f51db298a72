/**
 * Whether the service takes a recording in for verification, before any of it is decoded:
 * the declared type is one it accepts, the size is within the platform's window (spec §5),
 * and the decoder's own probe of the stored file says it is a readable video of that
 * container family, within the decoding limits (pixels, duration, frames), and of a duration
 * within the mode's window. The client's declared duration is not used.
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import { HttpError } from "../http/errors";
import { ACCEPTED_MIME_TYPES, type Platform, type ServerLimits } from "../limits";
import { durationRangeFor, sizeRangeFor, type RecordingKind } from "../media/captureLimits";
import { checkProbeLimits } from "../media/decode/probeLimits";
import { MediaLimitError, MediaTimeoutError, MediaUnreadableError } from "../media/decode/mediaErrors";
import type { ProbeClient } from "../media/probe/probeClient";
import type { MediaProbe } from "../verify/mediaTypes";
import { matroskaDocType } from "./matroskaDocType";

type Container = (typeof ACCEPTED_MIME_TYPES)[keyof typeof ACCEPTED_MIME_TYPES];

/** The probe runs ffmpeg on a file of a few megabytes at most; this bounds a pathological one. */
const PROBE_TIMEOUT_MS = 10_000;

/** The container a declared type stands for; 415 when the service does not take it. */
export function acceptedContainer(mimeType: string): Container {
  const base = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (base in ACCEPTED_MIME_TYPES) return ACCEPTED_MIME_TYPES[base as keyof typeof ACCEPTED_MIME_TYPES];
  throw new HttpError(415, API_ERROR_CODES.videoType, `type ${mimeType || "(none)"} is not one of ${Object.keys(ACCEPTED_MIME_TYPES).join(", ")}`);
}

/** Spec §5 sizes, on the decoded bytes. */
export function checkUploadSize(bytes: number, platform: Platform, limits: ServerLimits): void {
  const size = sizeRangeFor(limits, platform);
  if (bytes < size.min) throw new HttpError(422, API_ERROR_CODES.videoTooSmall, `${bytes} bytes is below the ${size.min} bytes required on ${platform}`);
  if (bytes > size.max) throw new HttpError(413, API_ERROR_CODES.videoTooLarge, `${bytes} bytes is above the ${size.max} bytes allowed`);
}

/** ffmpeg names WebM (and Matroska: matroskaDocType.ts tells them apart) "matroska,webm" and the ISO family "mov,mp4,m4a,3gp,3g2,mj2". */
function containerOf(format: string): Container | null {
  const names = format.split(",");
  if (names.includes("webm") || names.includes("matroska")) return "webm";
  if (names.includes("mp4") || names.includes("mov")) return "mp4";
  return null;
}

/** Probe the stored file and hold it to the limits; throws HttpError with the specific code. */
export async function probeAccepted(prober: ProbeClient, ffmpegPath: string, file: string, declared: Container, kind: RecordingKind, limits: ServerLimits): Promise<MediaProbe> {
  let probe: MediaProbe;
  try {
    probe = await prober.probe(ffmpegPath, file, { timeoutMs: PROBE_TIMEOUT_MS });
    checkProbeLimits(probe, limits.verification.limits);
  } catch (error) {
    if (error instanceof MediaUnreadableError || error instanceof MediaTimeoutError) {
      throw new HttpError(422, API_ERROR_CODES.videoUnreadable, `not a readable recording: ${error.message}`);
    }
    if (error instanceof MediaLimitError) {
      const code = error.limit === "duration" ? API_ERROR_CODES.videoTooLong : error.limit === "noVideo" ? API_ERROR_CODES.videoUnreadable : API_ERROR_CODES.videoTooLarge;
      throw new HttpError(error.limit === "noVideo" ? 422 : 413, code, error.message);
    }
    throw error;
  }
  const found = containerOf(probe.format);
  if (found !== declared) {
    throw new HttpError(415, API_ERROR_CODES.videoType, `declared ${declared} but the decoder reads the file as ${probe.format}`);
  }
  // ffmpeg names WebM and Matroska alike: the file's own header says which it is.
  if (declared === "webm") {
    const docType = await matroskaDocType(file);
    if (docType !== "webm") throw new HttpError(415, API_ERROR_CODES.videoType, `declared webm but the file is ${docType === null ? "no EBML file" : `of DocType "${docType}"`}`);
  }
  const range = durationRangeFor(limits, kind);
  const tolerance = limits.durationMs.toleranceMs;
  const d = probe.durationMs;
  if (d <= 0 || (range !== null && d < range.min - tolerance)) {
    throw new HttpError(422, API_ERROR_CODES.videoTooShort, `${d} ms is shorter than the ${range?.min ?? 1} ms required`);
  }
  if (range !== null && range.max !== null && d > range.max + tolerance) {
    throw new HttpError(422, API_ERROR_CODES.videoTooLong, `${d} ms is longer than the ${range.max} ms allowed`);
  }
  return probe;
}
