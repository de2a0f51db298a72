/**
 * The server-side limits of spec §5 on a decoded recording: declared type accepted, size
 * within the platform's window, the container really what the type says, duration within
 * the mode's window. The container's own duration wins; the recorder's measured duration is
 * used only when the container has none (MediaRecorder WebM).
 */
import { API_ERROR_CODES, type UploadMeta } from "../../../schemas/api";
import { HttpError } from "../http/errors";
import { ACCEPTED_MIME_TYPES, type Platform, type ServerLimits } from "../limits";
import { durationRangeFor, sizeRangeFor, type RecordingKind } from "../media/captureLimits";
import { probeRecording, type ProbeResult } from "../media/probe";

export type ProbedRecording = Extract<ProbeResult, { ok: true }> & { mimeType: string; checkedDurationMs: number };

function acceptedType(mimeType: string): "mp4" | "webm" | null {
  const base = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  return base in ACCEPTED_MIME_TYPES ? ACCEPTED_MIME_TYPES[base as keyof typeof ACCEPTED_MIME_TYPES] : null;
}

export function checkRecording(
  bytes: Buffer,
  meta: UploadMeta,
  kind: RecordingKind,
  platform: Platform,
  limits: ServerLimits,
): ProbedRecording {
  const container = acceptedType(meta.mimeType);
  if (container === null) {
    throw new HttpError(415, API_ERROR_CODES.videoType, `type ${meta.mimeType || "(none)"} is not one of ${Object.keys(ACCEPTED_MIME_TYPES).join(", ")}`);
  }
  const size = sizeRangeFor(limits, platform);
  if (bytes.length < size.min) {
    throw new HttpError(422, API_ERROR_CODES.videoTooSmall, `${bytes.length} bytes is below the ${size.min} bytes required on ${platform}`);
  }
  if (bytes.length > size.max) {
    throw new HttpError(413, API_ERROR_CODES.videoTooLarge, `${bytes.length} bytes is above the ${size.max} bytes allowed`);
  }
  const probe = probeRecording(bytes);
  if (!probe.ok) throw new HttpError(422, API_ERROR_CODES.videoUnreadable, `not a readable recording: ${probe.reason}`);
  if (probe.container !== container) {
    throw new HttpError(415, API_ERROR_CODES.videoType, `declared ${meta.mimeType} but the file is ${probe.container}`);
  }
  const duration = probe.durationMs ?? meta.durationMs;
  const range = durationRangeFor(limits, kind);
  const tolerance = limits.durationMs.toleranceMs;
  if (duration <= 0 || (range !== null && duration < range.min - tolerance)) {
    throw new HttpError(422, API_ERROR_CODES.videoTooShort, `${duration} ms is shorter than the ${range?.min ?? 1} ms required`);
  }
  if (range !== null && range.max !== null && duration > range.max + tolerance) {
    throw new HttpError(422, API_ERROR_CODES.videoTooLong, `${duration} ms is longer than the ${range.max} ms allowed`);
  }
  return { ...probe, mimeType: meta.mimeType, checkedDurationMs: duration };
}
