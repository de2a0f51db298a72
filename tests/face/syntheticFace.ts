/**
 * Synthetic faces for the pure face tests: 468-point meshes whose measured yaw, pitch, eye
 * aspect and mouth opening (src/domain/face/geometry.ts) are the ones asked for, and frame sequences
 * built from pose keyframes, with seeded jitter the size of what Human's meshes show on a
 * still face (about 0.02 on yaw, eye and mouth, 0.008 on pitch, at a 320-px analysis width).
 */
import { MESH, MESH_POINTS } from "../../src/domain/face/geometry";
import type { FaceMeasures, FaceObservation, FrameObservation, Point } from "../../src/domain/face/types";
import { measureFace } from "../../src/domain/face/geometry";

export interface FacePose {
  yaw: number;
  pitch: number;
  eye: number;
  mouth: number;
  /** Head tilt in radians; the figures must not change with it. */
  roll: number;
}

/** A relaxed face looking at the camera, in the ranges real meshes give. */
export const NEUTRAL: FacePose = { yaw: 0.05, pitch: 0.42, eye: 0.3, mouth: 0.05, roll: 0 };

/** Frame-to-frame jitter of each figure on a still face (measured, see the header). */
export const JITTER = { yaw: 0.02, pitch: 0.008, eye: 0.02, mouth: 0.02 } as const;

/** Deterministic normal noise (mulberry32 + Box-Muller), so every test run sees the same frames. */
export function seededNormal(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

export interface Placement {
  /** Box centre in the frame's pixels. */
  cx: number;
  cy: number;
  /** Box width (and height); the face itself (cheek to cheek) is 0.6 of it, as in Human's output. */
  size: number;
}

/**
 * A mesh with the given pose. Face coordinates are in units of half the cheek-to-cheek width:
 * cheeks at x = ±1 on the eye-line level, eye line at y = -0.35, chin at y = 1.25; the points
 * the figures do not use lie on a spiral inside the face outline.
 */
export function syntheticMesh(pose: FacePose, at: Placement): Point[] {
  const half = at.size * 0.3;
  const cos = Math.cos(pose.roll);
  const sin = Math.sin(pose.roll);
  const place = (fx: number, fy: number): Point => ({ x: at.cx + half * (fx * cos - fy * sin), y: at.cy + half * (fx * sin + fy * cos) });

  const mesh: Point[] = [];
  for (let i = 0; i < MESH_POINTS; i++) {
    const r = Math.sqrt((i + 0.5) / MESH_POINTS);
    const a = i * 2.39996; // golden angle: an even spread
    mesh.push(place(0.9 * r * Math.cos(a), 1.1 * r * Math.sin(a)));
  }
  const set = (i: number, fx: number, fy: number) => (mesh[i] = place(fx, fy));
  const eyeY = -0.35;
  const chinY = 1.25;
  set(MESH.cheekLeft, -1, 0);
  set(MESH.cheekRight, 1, 0);
  set(MESH.chin, 0, chinY);
  // Yaw is where the nose tip sits between the cheeks; pitch where it sits from eye line to chin.
  set(MESH.noseTip, pose.yaw, eyeY + pose.pitch * (chinY - eyeY));
  // Eyes 0.45 wide; each lid pair open by eye × width.
  const lid = (pose.eye * 0.45) / 2;
  for (const [eye, outer, inner] of [[MESH.leftEye, -0.75, -0.3], [MESH.rightEye, 0.3, 0.75]] as const) {
    set(eye.corners[0], outer, eyeY);
    set(eye.corners[1], inner, eyeY);
    eye.lids.forEach(([upper, lower], k) => {
      const x = outer + ((inner - outer) * (k + 1)) / 3;
      set(upper, x, eyeY - lid);
      set(lower, x, eyeY + lid);
    });
  }
  // Inner mouth 0.7 wide at y = 0.75; lips apart by mouth × width.
  set(MESH.mouthLeft, -0.35, 0.75);
  set(MESH.mouthRight, 0.35, 0.75);
  set(MESH.lipUpper, 0, 0.75 - (pose.mouth * 0.7) / 2);
  set(MESH.lipLower, 0, 0.75 + (pose.mouth * 0.7) / 2);
  return mesh;
}

export interface FaceOptions {
  pose?: Partial<FacePose>;
  at?: Partial<Placement>;
  score?: number;
  real?: number | null;
  live?: number | null;
}

/** Frames are 320x240, the analysis size; the default face is centred and 0.45 of the height. */
export const FRAME = { width: 320, height: 240 } as const;
const DEFAULT_PLACEMENT: Placement = { cx: 160, cy: 120, size: 108 };

export function syntheticFace(options: FaceOptions = {}): FaceObservation {
  const pose = { ...NEUTRAL, ...options.pose };
  const at = { ...DEFAULT_PLACEMENT, ...options.at };
  return {
    score: options.score ?? 0.95,
    box: { x: at.cx - at.size / 2, y: at.cy - at.size / 2, width: at.size, height: at.size },
    mesh: syntheticMesh(pose, at),
    real: options.real === undefined ? 0.9 : options.real,
    live: options.live === undefined ? 0.9 : options.live,
  };
}

export function frameOf(atMs: number, faces: FaceObservation[], luma = 120): FrameObservation {
  return { atMs, width: FRAME.width, height: FRAME.height, luma, faces };
}

/** A keyframe of a pose track: from this time on, the pose moves linearly to the next keyframe's. */
export type PoseKey = [atMs: number, pose: Partial<FacePose>];

export interface TrackOptions {
  fps?: number;
  /** Multiple of JITTER added to each frame (0: none). */
  noise?: number;
  seed?: number;
  durationMs?: number;
  at?: Partial<Placement>;
  /** First frame's atMs (e.g. to continue after another track). */
  startMs?: number;
}

/**
 * Poses at `fps` along piecewise-linear keyframes (times relative to the track start; values
 * hold after the last keyframe), with seeded jitter.
 */
export function poseTrack(keys: PoseKey[], options: TrackOptions = {}): { atMs: number; pose: FacePose }[] {
  const fps = options.fps ?? 8;
  const step = 1000 / fps;
  const last = keys[keys.length - 1]?.[0] ?? 0;
  const duration = options.durationMs ?? last + 500;
  const normal = seededNormal(options.seed ?? 1);
  const noise = options.noise ?? 0;
  const full = keys.map(([t, p], i) => [t, { ...NEUTRAL, ...keys.slice(0, i + 1).reduce((acc, [, q]) => ({ ...acc, ...q }), {}), ...p }] as const);
  const poseAt = (t: number): FacePose => {
    const next = full.findIndex(([kt]) => kt > t);
    if (next === -1) return full[full.length - 1]?.[1] ?? NEUTRAL;
    if (next === 0) return full[0]?.[1] ?? NEUTRAL;
    const [t0, a] = full[next - 1] as (typeof full)[number];
    const [t1, b] = full[next] as (typeof full)[number];
    const k = (t - t0) / (t1 - t0);
    return { yaw: a.yaw + (b.yaw - a.yaw) * k, pitch: a.pitch + (b.pitch - a.pitch) * k, eye: a.eye + (b.eye - a.eye) * k, mouth: a.mouth + (b.mouth - a.mouth) * k, roll: a.roll + (b.roll - a.roll) * k };
  };
  const out: { atMs: number; pose: FacePose }[] = [];
  for (let i = 0; i * step <= duration; i++) {
    const t = i * step;
    const p = poseAt(t);
    out.push({
      atMs: Math.round((options.startMs ?? 0) + t),
      pose: {
        yaw: p.yaw + noise * JITTER.yaw * normal(),
        pitch: p.pitch + noise * JITTER.pitch * normal(),
        eye: Math.max(0, p.eye + noise * JITTER.eye * normal()),
        mouth: Math.max(0, p.mouth + noise * JITTER.mouth * normal()),
        roll: p.roll,
      },
    });
  }
  return out;
}

/** Frames with one face following the keyframes. */
export function faceFrames(keys: PoseKey[], options: TrackOptions = {}): FrameObservation[] {
  return poseTrack(keys, options).map(({ atMs, pose }) => frameOf(atMs, [syntheticFace({ pose, ...(options.at ? { at: options.at } : {}) })]));
}

/** The measured figures of a track, through the mesh and measureFace as the tracker sees them. */
export function measuresOf(keys: PoseKey[], options: TrackOptions = {}): FaceMeasures[] {
  return faceFrames(keys, options).map((f) => {
    const m = f.faces[0] && measureFace(f.faces[0], f.atMs);
    if (!m) throw new Error("a synthetic face must measure");
    return m;
  });
}
