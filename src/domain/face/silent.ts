/**
 * Silent mode's check: one good face held still for a while. Stillness is judged on the face
 * box centre, which the detector places far more steadily than single mesh points.
 */
import type { FaceConfig } from "../../../schemas/capture";
import type { ActionDetection } from "./actions";
import { qualityHint, singleFace, type QualityConfig } from "./quality";
import type { FrameObservation } from "./types";

type SilentConfig = FaceConfig["silent"];

/** The box centre of the frame's one face, in units of the frame's width (both axes, so a move counts the same either way). */
function centre(frame: FrameObservation, q: QualityConfig): { x: number; y: number } | null {
  const face = singleFace(frame, q);
  if (!face) return null;
  return { x: (face.box.x + face.box.width / 2) / frame.width, y: (face.box.y + face.box.height / 2) / frame.width };
}

/**
 * The latest start s such that frames s..end all show one good face (qualityHint "ok"), the
 * box centre spread over them stays within maxMovement, and they span steadyMs; null if none.
 */
function steadyStartFor(frames: readonly FrameObservation[], end: number, t: SilentConfig, q: QualityConfig): number | null {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const endAt = (frames[end] as FrameObservation).atMs;
  for (let s = end; s >= 0; s--) {
    const frame = frames[s] as FrameObservation;
    if (qualityHint(frame, q) !== "ok") return null;
    const c = centre(frame, q);
    if (!c) return null;
    minX = Math.min(minX, c.x);
    maxX = Math.max(maxX, c.x);
    minY = Math.min(minY, c.y);
    maxY = Math.max(maxY, c.y);
    if (maxX - minX > t.maxMovement || maxY - minY > t.maxMovement) return null;
    if (endAt - frame.atMs >= t.steadyMs) return s;
  }
  return null;
}

/**
 * The steady stretch ending at frames[end], as its first and last atMs, or null. The tracker
 * asks this of each new frame, so it never rescans the earlier ends.
 */
export function steadyEndingAt(frames: readonly FrameObservation[], end: number, t: SilentConfig, q: QualityConfig): number[] | null {
  const start = steadyStartFor(frames, end, t, q);
  return start === null ? null : [(frames[start] as FrameObservation).atMs, (frames[end] as FrameObservation).atMs];
}

/**
 * Whether the frames (oldest first) hold one good face still for steadyMs; keyAtMs are the
 * first and last frame of the earliest such stretch, so any subset of the frames that keeps
 * those two is steady too (what the service's re-check relies on).
 *
 * @example steadySingleFace(frames, config.silent, config.quality).done
 */
export function steadySingleFace(frames: readonly FrameObservation[], t: SilentConfig, q: QualityConfig): ActionDetection {
  for (let end = 0; end < frames.length; end++) {
    const keyAtMs = steadyEndingAt(frames, end, t, q);
    if (keyAtMs) return { done: true, keyAtMs };
  }
  return { done: false, keyAtMs: [] };
}
