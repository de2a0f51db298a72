/**
 * What face analysis sees in one frame, in one shape for the browser (the worker running
 * Human on the camera preview) and the service (Human on the frames sent with an upload), so
 * the same pure checks (quality hints, action detectors, the steady-face check) run on both.
 * Part of the contract because the face worker's messages carry it (schemas/faceWorker.ts
 * checks its schema against these types); plain types, no zod. src/domain/face/types.ts re-exports them.
 */

/** A landmark in the analysed frame's pixels. */
export interface Point {
  x: number;
  y: number;
  /**
   * Depth from Human's mesh model, when kept (the service keeps it; the browser need not):
   * negative towards the camera, in the mesh model's 256-pixel input units, not the frame's
   * pixels (src/server/verify/checks/liveness/rigidCheck.ts scales it by the face box).
   */
  z?: number;
}

export interface FaceObservation {
  /** Detector confidence 0..1. */
  score: number;
  /** Face box in the frame's pixels. */
  box: { x: number; y: number; width: number; height: number };
  /** The 468 points of the face mesh (MediaPipe numbering); null when the mesh model did not run. */
  mesh: Point[] | null;
  /** Anti-spoofing score 0..1 (1: a real face, not a picture of one); null when the model did not run. */
  real: number | null;
  /** Liveness score 0..1; null when the model did not run. */
  live: number | null;
}

export interface FrameObservation {
  /** When the frame was taken, ms on the capture's clock (the recording's start is 0 during recording). */
  atMs: number;
  width: number;
  height: number;
  /** Mean luma 0..255 of the frame (for "too dark"). */
  luma: number;
  faces: FaceObservation[];
}
