/**
 * Human's face results turned into FaceObservation (src/domain/face/types.ts), the one shape the
 * pure checks read on the device and on the service. Written against the few fields used,
 * not Human's types, so it is tested with plain objects and survives Human adding fields.
 */
import type { FaceObservation, Point } from "../../domain/face/types";

/** The part of Human's FaceResult read here (box is [x, y, width, height]; mesh points [x, y, z]). */
export interface HumanFaceLike {
  score: number;
  box: readonly number[];
  mesh: readonly (readonly (number | undefined)[])[];
  real?: number | undefined;
  live?: number | undefined;
}

/**
 * The face mesh has 468 points; with the iris model Human refines the eyelid points among
 * them and appends 10 iris points, which the checks do not read.
 */
export const MESH_POINTS = 468;

const clampUnit = (value: number) => Math.min(1, Math.max(0, value));
const score = (value: number | undefined) => (typeof value === "number" && Number.isFinite(value) ? clampUnit(value) : null);

function meshOf(points: HumanFaceLike["mesh"]): Point[] | null {
  // Without the mesh model Human returns the detector's six keypoints: that is not a mesh.
  if (points.length < MESH_POINTS) return null;
  const mesh: Point[] = [];
  for (let i = 0; i < MESH_POINTS; i++) {
    const [x, y] = points[i]!;
    if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) return null;
    mesh.push({ x, y });
  }
  return mesh;
}

/** One Human face as a FaceObservation; null when its box is not a usable number set. */
export function toFaceObservation(face: HumanFaceLike): FaceObservation | null {
  const [x, y, width, height] = face.box;
  const parts = [x, y, width, height];
  if (!parts.every((v): v is number => typeof v === "number" && Number.isFinite(v))) return null;
  if (width! <= 0 || height! <= 0) return null;
  return {
    score: score(face.score) ?? 0,
    box: { x: x!, y: y!, width: width!, height: height! },
    mesh: meshOf(face.mesh),
    real: score(face.real),
    live: score(face.live),
  };
}

/** Every usable face of a Human result, in the order Human reports them. */
export function toFaceObservations(faces: readonly HumanFaceLike[]): FaceObservation[] {
  return faces.flatMap((face) => {
    const seen = toFaceObservation(face);
    return seen ? [seen] : [];
  });
}
