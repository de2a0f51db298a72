/**
 * Head pose, eye and mouth figures from one face's 468-point mesh (MediaPipe numbering, the
 * frame's pixels). Every figure is a ratio of distances measured along the face's own axes, so
 * it does not change with the face's size in the frame, its position, or a tilt of the head
 * (roll): the action detectors can then compare frames while the user moves.
 */
import type { FaceMeasures, FaceObservation, Point } from "./types";

/** The mesh points used, named after what they mark in the subject's face. */
export const MESH = {
  noseTip: 1,
  /** Cheek edges: 234 is on the frame's left in a mirror-free frame of a face looking at the camera. */
  cheekLeft: 234,
  cheekRight: 454,
  chin: 152,
  /** Outer corners of the eyes (the eye line). */
  eyeOuterLeft: 33,
  eyeOuterRight: 263,
  /** Eye corners and two upper/lower lid pairs per eye (the 6-point eye aspect ratio). */
  leftEye: { corners: [33, 133], lids: [[160, 144], [158, 153]] },
  rightEye: { corners: [362, 263], lids: [[385, 380], [387, 373]] },
  /** Inner lips (upper 13, lower 14) and inner mouth corners. */
  lipUpper: 13,
  lipLower: 14,
  mouthLeft: 78,
  mouthRight: 308,
} as const;

/** Human gives 468 points, or 478 with the iris model; the first 468 are the same mesh. */
export const MESH_POINTS = 468;

type EyePoints = { readonly corners: readonly [number, number]; readonly lids: readonly (readonly [number, number])[] };

const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** The position of p along the segment a→b, 0 at a and 1 at b (projected, so off-axis offsets do not count). */
function along(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
}

/** Mean lid opening over eye width: about 0.25-0.35 for an open eye, near 0 closed. */
function eyeAspect(at: (i: number) => Point, eye: EyePoints): number {
  const width = dist(at(eye.corners[0]), at(eye.corners[1]));
  const open = eye.lids.reduce((sum, [upper, lower]) => sum + dist(at(upper), at(lower)), 0) / eye.lids.length;
  return open / width;
}

/**
 * The figures the action detectors work on, or null when the face has no mesh (or a
 * degenerate one, e.g. every point at one spot).
 *
 * @example measureFace(frame.faces[0], frame.atMs)?.yaw // about 0 facing the camera
 */
export function measureFace(face: FaceObservation, atMs: number): FaceMeasures | null {
  const mesh = face.mesh;
  if (!mesh || mesh.length < MESH_POINTS) return null;
  // Index checked just above: every index used is below MESH_POINTS.
  const at = (i: number): Point => mesh[i] as Point;

  const cheekL = at(MESH.cheekLeft);
  const cheekR = at(MESH.cheekRight);
  const eyeMid = midpoint(at(MESH.eyeOuterLeft), at(MESH.eyeOuterRight));
  const chin = at(MESH.chin);
  const faceWidth = dist(cheekL, cheekR);
  const faceHeight = dist(eyeMid, chin);
  const mouthWidth = dist(at(MESH.mouthLeft), at(MESH.mouthRight));
  const eyeWidths = [MESH.leftEye, MESH.rightEye].map((e) => dist(at(e.corners[0]), at(e.corners[1])));
  if (!(faceWidth > 0 && faceHeight > 0 && mouthWidth > 0 && eyeWidths.every((w) => w > 0))) return null;

  // Yaw: where the nose tip sits between the cheek edges, -1 at the left edge, +1 at the right.
  // Turning the head moves the protruding nose tip towards one cheek edge in the image.
  const yaw = 2 * along(at(MESH.noseTip), cheekL, cheekR) - 1;
  // Pitch: the nose tip's place between the eye line and the chin. Nodding down brings the
  // protruding nose tip towards the chin in the image while the eye-chin span shortens.
  const pitch = along(at(MESH.noseTip), eyeMid, chin);
  const eye = (eyeAspect(at, MESH.leftEye) + eyeAspect(at, MESH.rightEye)) / 2;
  const mouth = dist(at(MESH.lipUpper), at(MESH.lipLower)) / mouthWidth;
  return { atMs, yaw, pitch, eye, mouth };
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
