/**
 * The shapes the face checks work on. What analysis sees in one frame is one shape for the
 * browser and the service; it is part of the contract (the face worker's messages carry it),
 * so it lives in schemas/faceObservation.ts and is named from here by the face checks.
 */
export type { FaceObservation, FrameObservation, Point } from "../../../schemas/faceObservation";

/** The per-frame figures the action detectors work on, derived from one face's mesh. */
export interface FaceMeasures {
  atMs: number;
  /** Head turn: about 0 facing the camera, negative to the frame's left, positive to its right. */
  yaw: number;
  /** Nose height between the eye line (0) and the chin (1): grows when the head nods down. */
  pitch: number;
  /** Eye aspect ratio, both eyes averaged: about 0.25-0.35 open, near 0 closed. */
  eye: number;
  /** Mouth opening: inner-lip gap over mouth width, about 0 closed. */
  mouth: number;
}
