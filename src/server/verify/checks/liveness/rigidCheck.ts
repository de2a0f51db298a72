/**
 * A head turn or a nod must be a 3D rotation, not a 2D warp of a picture. The action detectors
 * (src/domain/face/actions.ts) read landmark geometry only, so stretching a still photo half by half
 * passes "shake head" and squashing it passes "nod". Here the recording's most frontal face is
 * taken as the head's 3D shape (Human's mesh, whose z is its depth), and every other frame is
 * explained twice (rigidFit.ts): as that shape turned rigidly, and as the frontal landmarks
 * warped in 2D. Turning a head moves its landmarks by their depth: the nose tip, about
 * 0.35 inter-ocular distances in front of the outer eye corners, shifts by z·sin(yaw) relative
 * to them and to the face's outline, which no per-half affine map of the flat frontal
 * landmarks reproduces; a warped photo is explained by the warp exactly and by a rigid turn
 * only with a shape change. The check passes when, at the turn's peak, the rigid model explains
 * the landmarks clearly better than the warp and the turn it implies reaches the action's size.
 */
import * as z from "zod";
import type { FaceObservation, FrameObservation, Point } from "../../../../domain/face/types";
import { failed, pass, actionName, type Outcome } from "../../../media/checkOutcome";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import { fitRigid, fitWarp, type Vec2, type Vec3 } from "./rigidFit";

/**
 * Landmarks on bone or firm tissue, spread over the face in depth (MediaPipe numbering): the
 * eye corners, the nose's bridge, tip, base and wings, the mouth corners, the chin, the
 * brows, the cheeks and the face's outline. Eyelids and lips move with blinks and speech, so
 * they are left out.
 */
export const STABLE_LANDMARKS = [
  33, 133, 362, 263, // eye corners
  168, 6, 197, 195, 1, 2, 98, 327, // nose bridge, tip, base, wings
  61, 291, // mouth corners
  152, 148, 377, 176, 400, // chin
  70, 300, 105, 334, // brows
  50, 280, 205, 425, 123, 352, // cheeks
  10, 109, 338, 234, 454, 93, 323, 132, 361, 58, 288, 172, 397, 136, 365, 150, 379, // outline
] as const;

const EYE_OUTER = [33, 263] as const;

export const threeDimensionalThresholds = z.object({
  /**
   * Human's mesh z is in its model's 256-pixel input units; z·box.width/256·depthScale is the
   * frame's pixels. 1.1 makes the nose tip stand 0.35 outer inter-ocular distances in front of
   * the outer eye corners on the face-api demo photos (23 faces: 1.06 to 1.13), which is
   * the adult average (about 3 cm in front, eyes about 9 cm apart). An error of 20% here
   * changes the implied angle by about 20% and the rigid residual little; the ratios of
   * Human's landmarks of rendered turns improve by up to a third at 1.6, the warps' barely move.
   */
  depthScale: z.number().positive().default(1.1),
  /** Frames with the largest implied turn judged together (their median), so one bad mesh does not decide. */
  peakFrames: z.int().min(1).default(3),
  /** Fewest analysed frames with a face for a judgement. */
  minFrames: z.int().min(2).default(4),
  /**
   * The rigid model's residual at the peak, over the outer inter-ocular distance, at most: a
   * turn that no rigid head explains is no turn. Measured (tests/server/verify/rigid/measure.ts):
   * synthetic turns with 1-1.5 px landmark noise 0.018-0.044, Human on rendered turns
   * 0.008-0.048, Human on warped photos 0.010-0.082; so this only bounds gross failures.
   */
  maxRigidResidual: z.number().positive().default(0.05),
  /**
   * Per action: the warp's residual over the rigid model's at the peak, at least (the turn must
   * be explained clearly better in 3D than by a 2D warp), and the implied turn, degrees, at least.
   * Measured (measure.ts, six faces): Human's landmarks of photos warped to fake a shake
   * (half stretches up to 45%, keystones up to 35°) reach ratios up to 2.24 and implied
   * yaws up to 36°: Human's mesh model makes a warped face look partly turned in 3D. So
   * the shake needs 2.5 (12% over the worst warp). Photos warped to fake a nod (squash,
   * vertical half stretch, keystone) reach 1.40, so the nod needs 1.6 (14% over).
   * Exact 3D turns of the same faces with 1 px landmark noise give 2.9-3.6 at 30° each way
   * (shake) and 2.3-3.4 at 25° (nod); with 2 px noise 1.8-2.6 and 1.5-2.1. But Human's own
   * landmarks of rendered 3D turns give only 0.9-2.5 (makeRenderedTurns.ts, a crude renderer:
   * implied angles a third of the true ones) or 1.2-1.9 at 15-35° (a z-buffered head renderer
   * on a wall: rigid residuals 0.02-0.06, Human's mesh does not move rigidly), so most genuine
   * movements would be refused: these thresholds are not grounded in real recordings, and
   * the check should not be enabled until measured on them.
   */
  shake: z.object({ minWarpOverRigid: z.number().positive(), minAngleDeg: z.number().positive() }).default({ minWarpOverRigid: 2.5, minAngleDeg: 20 }),
  nod: z.object({ minWarpOverRigid: z.number().positive(), minAngleDeg: z.number().positive() }).default({ minWarpOverRigid: 1.6, minAngleDeg: 12 }),
});
export type ThreeDimensionalThresholds = z.infer<typeof threeDimensionalThresholds>;

/** One frame's two explanations, residuals over the outer inter-ocular distance. */
export interface FrameFit {
  atMs: number;
  rigid: number;
  warp: number;
  yawDeg: number;
  pitchDeg: number;
}

export interface ThreeDimensionalFigures {
  /** The frame taken as the head's shape. */
  frontalAtMs: number | null;
  /** The judged peak: medians over the peak frames. */
  rigid: number | null;
  warp: number | null;
  /** The largest implied turn on the action's axis, degrees (absolute). */
  angleDeg: number | null;
  frames: FrameFit[];
}

const NAME = "three-dimensional";

function singleMesh(frame: FrameObservation): { face: FaceObservation; mesh: Point[] } | null {
  const face = frame.faces.length === 1 ? frame.faces[0] : undefined;
  const mesh = face?.mesh;
  return face && mesh && mesh.length >= 468 ? { face, mesh } : null;
}

const pick = (mesh: readonly Point[]): Vec2[] => STABLE_LANDMARKS.map((i) => mesh[i] as Point);

/**
 * The face's turn and nod by Human's own depth (radians): the slope in depth across the cheek
 * edges (yaw) and from the forehead to the chin (pitch, whose resting value differs from face
 * to face, so it is taken relative to the recording's first frames).
 */
function poseOf(face: FaceObservation, mesh: readonly Point[], depthScale: number): { yaw: number; pitch: number } {
  const at = (i: number): Point => mesh[i] as Point;
  const k = (face.box.width / 256) * depthScale;
  const slope = (a: Point, b: Point, along: number): number => Math.atan2(((b.z ?? 0) - (a.z ?? 0)) * k, along);
  return { yaw: slope(at(234), at(454), at(454).x - at(234).x), pitch: slope(at(10), at(152), at(152).y - at(10).y) };
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Each frame's rigid and warp residuals against the most frontal frame's shape. */
export function fitFrames(frames: readonly FrameObservation[], t: ThreeDimensionalThresholds): { frontalAtMs: number; fits: FrameFit[] } | null {
  const seen = frames.flatMap((f) => {
    const s = singleMesh(f);
    return s ? [{ atMs: f.atMs, ...s }] : [];
  });
  if (seen.length < t.minFrames) return null;
  const poses = seen.map((f) => poseOf(f.face, f.mesh, t.depthScale));
  // The resting pitch is the first frames' (as the action detectors' baseline): a nod starts from rest.
  const restPitch = median(poses.slice(0, 3).map((p) => p.pitch));
  const off = poses.map((p) => Math.abs(p.yaw) + Math.abs(p.pitch - restPitch));
  const frontal = seen[off.indexOf(Math.min(...off))] as (typeof seen)[number];
  const depth = (frontal.face.box.width / 256) * t.depthScale;
  const shape: Vec3[] = STABLE_LANDMARKS.map((i) => {
    const p = frontal.mesh[i] as Point;
    return { x: p.x, y: p.y, z: (p.z ?? 0) * depth };
  });
  const reference = pick(frontal.mesh);
  const [a, b] = EYE_OUTER.map((i) => frontal.mesh[i] as Point) as [Point, Point];
  const iod = Math.hypot(a.x - b.x, a.y - b.y);
  if (!(iod > 0)) return null;
  const fits = seen.flatMap((f) => {
    if (f === frontal) return [];
    const target = pick(f.mesh);
    // The target's own eye distance: the residuals are then shares of the face as seen in that frame.
    const rigid = fitRigid(shape, target);
    const warp = fitWarp(reference, target);
    if (!rigid || warp === null) return [];
    const scale = iod * rigid.scale;
    return [{ atMs: f.atMs, rigid: rigid.residual / scale, warp: warp / scale, yawDeg: rigid.yawDeg, pitchDeg: rigid.pitchDeg }];
  });
  return { frontalAtMs: frontal.atMs, fits };
}

/**
 * Whether the recording's turn (action "1", shake) or nod ("4") is a 3D rotation of the head.
 *
 * @example judgeThreeDimensional(observations, "1", threeDimensionalThresholds.parse({})).outcome.passed
 */
export function judgeThreeDimensional(
  frames: readonly FrameObservation[],
  action: "1" | "4",
  t: ThreeDimensionalThresholds,
): { outcome: Outcome; figures: ThreeDimensionalFigures } {
  const result = fitFrames(frames, t);
  const what = actionName(action);
  const fail = (detail: string, figures: ThreeDimensionalFigures) => ({ outcome: failed(NAME, VERIFY_CODES.actionNotThreeDimensional, detail), figures });
  if (!result || result.fits.length < t.peakFrames) {
    return fail(`Too few frames with one face to tell whether ${what} was a head movement.`, { frontalAtMs: result?.frontalAtMs ?? null, rigid: null, warp: null, angleDeg: null, frames: result?.fits ?? [] });
  }
  const angle = (f: FrameFit): number => Math.abs(action === "1" ? f.yawDeg : f.pitchDeg);
  const peak = [...result.fits].sort((x, y) => angle(y) - angle(x)).slice(0, t.peakFrames);
  const figures: ThreeDimensionalFigures = {
    frontalAtMs: result.frontalAtMs,
    rigid: median(peak.map((f) => f.rigid)),
    warp: median(peak.map((f) => f.warp)),
    angleDeg: angle(peak[0] as FrameFit),
    frames: result.fits,
  };
  const { rigid, warp, angleDeg } = figures as { rigid: number; warp: number; angleDeg: number };
  const need = action === "1" ? t.shake : t.nod;
  const minAngle = need.minAngleDeg;
  const said = `3D fit ${rigid.toFixed(3)}, 2D warp fit ${warp.toFixed(3)} (residuals over eye distance), turn ${angleDeg.toFixed(0)}°`;
  if (angleDeg < minAngle) return fail(`${what}: the head turned ${angleDeg.toFixed(0)}° at most, under ${minAngle}° (${said}).`, figures);
  if (rigid > t.maxRigidResidual) return fail(`${what}: the face's movement is not a rigid head turn (${said}; at most ${t.maxRigidResidual} allowed).`, figures);
  if (warp < need.minWarpOverRigid * rigid) return fail(`${what}: a flat picture warped in 2D explains the movement as well as a head turn (${said}).`, figures);
  return { outcome: pass(NAME, `${what} is a 3D head movement: ${said}.`), figures };
}
