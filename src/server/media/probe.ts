/**
 * probeRecording: what an uploaded recording really contains (container, duration, tracks,
 * video frames), read from its bytes rather than from what the client says about it.
 *
 * The container is recognised by its magic bytes (EBML header for WebM, an ftyp box for MP4),
 * never by the declared content type. It never throws: anything malformed, truncated or
 * unrecognised comes back as `{ ok: false, reason }` for the verifier to report.
 */
import { probeWebm } from "./ebml";
import { probeMp4 } from "./isobmff";
import { ProbeFailure, type ProbeResult } from "./probeResult";

export type { ProbeResult, Container } from "./probeResult";

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

function startsWithEbml(buf: Buffer): boolean {
  return EBML_MAGIC.every((byte, i) => buf[i] === byte);
}

function hasFtypAt4(buf: Buffer): boolean {
  return buf.length >= 8 && buf.toString("latin1", 4, 8) === "ftyp";
}

/** Probe a recording's bytes. */
export function probeRecording(buf: Buffer): ProbeResult {
  if (buf.length === 0) return { ok: false, reason: "empty file" };
  try {
    if (startsWithEbml(buf)) return probeWebm(buf);
    if (hasFtypAt4(buf)) return probeMp4(buf);
    return { ok: false, reason: "unrecognised container: neither WebM (EBML) nor MP4 (ftyp)" };
  } catch (error) {
    if (error instanceof ProbeFailure) return { ok: false, reason: error.message };
    // An out-of-range read the checks missed must not take the upload route down; report
    // it as an unreadable file, like any other malformed input.
    return { ok: false, reason: `unreadable: ${error instanceof Error ? error.message : String(error)}` };
  }
}
