/**
 * The guidance hint for one analysed frame: what the user should change so the face can be
 * checked (texts in flows/texts.zh-CN.json, keyed by the hint). One hint at a time, the most
 * fundamental first, because a user can act on only one instruction at a time.
 */
import type { FaceConfig } from "../../../schemas/capture";
import type { GuidanceHint } from "../../../schemas/guidanceHints";
import type { FaceObservation, FrameObservation } from "./types";

// The list is part of the contract (the upload's guidance report counts each hint), so it lives
// in schemas/; the face code keeps naming it from here.
export { GUIDANCE_HINTS, type GuidanceHint } from "../../../schemas/guidanceHints";

export type QualityConfig = FaceConfig["quality"];

/** The detections confident enough to be faces (weaker ones are neither counted nor measured). */
export function facesOf(frame: FrameObservation, q: QualityConfig): FaceObservation[] {
  return frame.faces.filter((f) => f.score >= q.minScore);
}

/** The one face of the frame, or null when there is none or more than one. */
export function singleFace(frame: FrameObservation, q: QualityConfig): FaceObservation | null {
  const faces = facesOf(frame, q);
  return faces.length === 1 ? (faces[0] ?? null) : null;
}

/**
 * What to tell the user about this frame; "ok" when one face of a usable size sits near the
 * centre of a bright enough frame.
 *
 * @example qualityHint({ atMs: 0, width: 320, height: 240, luma: 120, faces: [] }, q) // "noFace"
 */
export function qualityHint(frame: FrameObservation, q: QualityConfig): GuidanceHint {
  if (frame.luma < q.minLuma) return "tooDark";
  const faces = facesOf(frame, q);
  const face = faces[0];
  if (!face) return "noFace";
  if (faces.length > 1) return "manyFaces";
  // Against the shorter side, so a phone held upright and a landscape webcam ask for the same
  // distance (against the width, an upright frame would allow a much bigger face).
  const size = face.box.width / Math.min(frame.width, frame.height);
  if (size < q.minFaceWidth) return "tooFar";
  if (size > q.maxFaceWidth) return "tooClose";
  const dx = Math.abs(face.box.x + face.box.width / 2 - frame.width / 2) / frame.width;
  const dy = Math.abs(face.box.y + face.box.height / 2 - frame.height / 2) / frame.height;
  if (dx > q.maxCentreOffset || dy > q.maxCentreOffset) return "offCentre";
  return "ok";
}

/** A zeroed count per hint (the tracker's and the upload report's `hints`). */
export function emptyHintCounts(): Record<GuidanceHint, number> {
  return { tooDark: 0, noFace: 0, manyFaces: 0, tooFar: 0, tooClose: 0, offCentre: 0, ok: 0 };
}
