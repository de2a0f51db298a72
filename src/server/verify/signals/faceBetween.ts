/**
 * The face on a frame the mesh did not run on: the two analysed faces either side of it, moved
 * linearly to its time. The mesh runs at 5-12 frames a second and the signals are measured on
 * every decoded frame (15 a second); a head turning at 100°/s moves its cheek by a tenth of the
 * face's width in 70 ms, enough to slide a nearest-frame mesh's side patches off the face onto
 * the background, or onto the other cheek. Over the 70-200 ms between analysed frames a turn,
 * nod or drift is close to linear; a face on only one side (or a gap longer than MAX_GAP_MS)
 * gives the nearest face as it is.
 */
import type { FaceObservation, Point } from "../../../domain/face/types";

export interface AnalysedFace {
  atMs: number;
  face: FaceObservation | null;
}

/** Past this gap the motion between two analysed frames is not taken as linear. */
const MAX_GAP_MS = 250;

const mix = (a: number, b: number, k: number) => a + (b - a) * k;

function between(a: FaceObservation, b: FaceObservation, k: number): FaceObservation {
  const mesh = a.mesh && b.mesh && a.mesh.length === b.mesh.length
    ? a.mesh.map((p, i): Point => {
        const q = b.mesh![i]!;
        return p.z !== undefined && q.z !== undefined ? { x: mix(p.x, q.x, k), y: mix(p.y, q.y, k), z: mix(p.z, q.z, k) } : { x: mix(p.x, q.x, k), y: mix(p.y, q.y, k) };
      })
    : (k < 0.5 ? a : b).mesh;
  const box = { x: mix(a.box.x, b.box.x, k), y: mix(a.box.y, b.box.y, k), width: mix(a.box.width, b.box.width, k), height: mix(a.box.height, b.box.height, k) };
  return { ...(k < 0.5 ? a : b), box, mesh };
}

/** The face at `atMs` from analysed faces in time order (see the module comment); null when the nearest has none. */
export function faceAt(analysed: readonly AnalysedFace[], atMs: number): FaceObservation | null {
  if (!analysed.length) return null;
  let after = analysed.findIndex((a) => a.atMs >= atMs);
  if (after === -1) after = analysed.length;
  const prev = analysed[after - 1];
  const next = analysed[after];
  if (!prev) return next?.face ?? null;
  if (!next) return prev.face;
  const nearest = atMs - prev.atMs <= next.atMs - atMs ? prev : next;
  if (!prev.face || !next.face || next.atMs - prev.atMs > MAX_GAP_MS || next.atMs === prev.atMs) return nearest.face;
  return between(prev.face, next.face, (atMs - prev.atMs) / (next.atMs - prev.atMs));
}
