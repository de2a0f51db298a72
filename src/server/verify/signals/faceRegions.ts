/**
 * Where the skin patches of a face lie in a frame, from a handful of the mesh's landmarks
 * (MediaPipe numbering, src/domain/face/geometry.ts's MESH). Each patch is a disc placed relative to
 * landmarks, sized in the face's own half-width (cheek edge 234 to cheek edge 454, halved), so
 * a patch covers the same skin whatever the face's size, tilt or turn in the frame:
 *
 * - forehead: 0.55 half-widths above the eye line (the middle of 33 and 263), radius 0.2 —
 *   about 4 cm above the eyes on an adult face 14 cm wide, above the brows, below most hair.
 * - noseBridge: 45% of the way from the eye line's middle to the nose tip (1), radius 0.1 —
 *   the nose's back, the part of the face that looks most straight at the screen.
 * - cheekLeft/Right: halfway from the nose tip to the cheek edge (234 / 454), 0.1 lower,
 *   radius 0.15 — the cheek's apple, turned about 30° from the camera.
 * - sideLeft/Right: 85% of the way from the nose tip to the cheek edge, 0.15 lower, radius
 *   0.08 — the outer cheek near the silhouette, turned about 55-60° away (an ellipse's normal
 *   at 0.85 of its half-width), small so it does not spill into hair or background.
 * - browEdgeLeft/Right: on the forehead patch's line (0.55 half-widths above the eye line,
 *   along the cheek-to-cheek axis), 0.75 half-widths out, radius 0.075 — the forehead's outer
 *   edge above the brow's tail, where it turns toward the temple: an adult forehead is about
 *   three quarters as broad as the face at its cheek edges (least frontal breadth about 11 cm,
 *   bizygomatic about 14), so 0.75 lies just inside it. Further out (0.9) lies on the
 *   silhouette, hair or the wall on many faces, where a print cut to the face's outline would
 *   show the wall too.
 *
 * Only these landmarks are used (not whole mesh polygons) so a mesh a frame or two stale (the
 * service reuses the nearest analysed frame's mesh) still lands each patch on the same skin.
 */
import { MESH, MESH_POINTS } from "../../../domain/face/geometry";
import type { FaceObservation, Point } from "../../../domain/face/types";

export const SKIN_REGIONS = ["forehead", "noseBridge", "cheekLeft", "cheekRight", "sideLeft", "sideRight", "browEdgeLeft", "browEdgeRight"] as const;
export type SkinRegion = (typeof SKIN_REGIONS)[number];

export interface Disc {
  cx: number;
  cy: number;
  r: number;
}

/** The face's own axes: the half-width vector (cheek to cheek) and the same length turned towards the chin. */
export interface FaceAxes {
  across: Point;
  down: Point;
  halfWidth: number;
}

const lerp = (a: Point, b: Point, k: number): Point => ({ x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k });
const mid = (a: Point, b: Point): Point => lerp(a, b, 0.5);

export function faceAxes(mesh: readonly Point[]): FaceAxes | null {
  const left = mesh[MESH.cheekLeft];
  const right = mesh[MESH.cheekRight];
  if (!left || !right) return null;
  const across = { x: (right.x - left.x) / 2, y: (right.y - left.y) / 2 };
  const halfWidth = Math.hypot(across.x, across.y);
  if (!(halfWidth > 1)) return null;
  // Turned +90° in image coordinates (y down): from "to the frame's right" to "towards the chin".
  const down = { x: -across.y, y: across.x };
  // A mirrored or upside-down mesh would put the chin above the eyes: flip so "down" points at the chin.
  const chin = mesh[MESH.chin];
  const eyes = mid(mesh[MESH.eyeOuterLeft] ?? left, mesh[MESH.eyeOuterRight] ?? right);
  const flip = chin && (chin.x - eyes.x) * down.x + (chin.y - eyes.y) * down.y < 0 ? -1 : 1;
  return { across, down: { x: down.x * flip, y: down.y * flip }, halfWidth };
}

/** The skin discs of a face with a mesh; null without a usable mesh. */
export function skinDiscs(face: FaceObservation): Record<SkinRegion, Disc> | null {
  const mesh = face.mesh;
  if (!mesh || mesh.length < MESH_POINTS) return null;
  const axes = faceAxes(mesh);
  if (!axes) return null;
  const at = (i: number): Point => mesh[i] as Point;
  const { across, down, halfWidth } = axes;
  const shift = (p: Point, k: number): Point => ({ x: p.x + down.x * k, y: p.y + down.y * k });
  const disc = (p: Point, r: number): Disc => ({ cx: p.x, cy: p.y, r: r * halfWidth });
  const eyes = mid(at(MESH.eyeOuterLeft), at(MESH.eyeOuterRight));
  const nose = at(MESH.noseTip);
  const brow = shift(eyes, -0.55);
  const along = (k: number): Point => ({ x: brow.x + across.x * k, y: brow.y + across.y * k });
  return {
    forehead: disc(brow, 0.2),
    noseBridge: disc(lerp(eyes, nose, 0.45), 0.1),
    cheekLeft: disc(shift(lerp(nose, at(MESH.cheekLeft), 0.5), 0.1), 0.15),
    cheekRight: disc(shift(lerp(nose, at(MESH.cheekRight), 0.5), 0.1), 0.15),
    sideLeft: disc(shift(lerp(nose, at(MESH.cheekLeft), 0.85), 0.15), 0.08),
    sideRight: disc(shift(lerp(nose, at(MESH.cheekRight), 0.85), 0.15), 0.08),
    browEdgeLeft: disc(along(-0.75), 0.075),
    browEdgeRight: disc(along(0.75), 0.075),
  };
}

/**
 * The inner mouth as a quadrilateral: the inner corners (78, 308) and the inner lips' middles
 * (13, 14) pushed apart by a tenth of the mouth's width, so a mesh a frame stale still covers
 * the opening. A four-point inner-lip polygon: the synthetic and the real mesh agree on these.
 */
export function mouthQuad(face: FaceObservation): { quad: [Point, Point, Point, Point]; width: number; open: number } | null {
  const mesh = face.mesh;
  if (!mesh || mesh.length < MESH_POINTS) return null;
  const axes = faceAxes(mesh);
  if (!axes) return null;
  const at = (i: number): Point => mesh[i] as Point;
  const left = at(MESH.mouthLeft);
  const right = at(MESH.mouthRight);
  const upper = at(MESH.lipUpper);
  const lower = at(MESH.lipLower);
  const width = Math.hypot(right.x - left.x, right.y - left.y);
  if (!(width > 0)) return null;
  const push = (0.1 * width) / axes.halfWidth;
  const shift = (p: Point, k: number): Point => ({ x: p.x + axes.down.x * k, y: p.y + axes.down.y * k });
  const open = Math.hypot(lower.x - upper.x, lower.y - upper.y) / width;
  return { quad: [left, shift(upper, -push), right, shift(lower, push)], width, open };
}

/** Whether (x, y) lies inside a convex or concave polygon (even-odd rule). */
export function insidePolygon(x: number, y: number, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i] as Point;
    const b = poly[j] as Point;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
