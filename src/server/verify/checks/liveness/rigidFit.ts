/**
 * Two explanations of how a face's landmarks moved from a reference frame to another frame:
 * - a rigid head: the reference's 3D shape turned (R), scaled (s) and shifted (t), seen by a
 *   scaled-orthographic camera (a face 40-60 cm away, 15 cm deep: perspective changes the
 *   picture by a few per cent, which the thresholds leave room for);
 * - a flat picture warped in 2D: the reference's 2D landmarks moved by one affine map per
 *   half of the face (a left/right or top/bottom split), which covers a photo stretched half
 *   by half, squashed, sheared, or tilted in front of the camera (a keystone is close to
 *   piecewise-affine over a face).
 * Each gives a residual: the landmarks' root-mean-square distance from the model, per degree
 * of freedom left (so the 12-parameter warp does not win merely by having more parameters
 * than the 6-parameter rigid fit). Pure math, no I/O.
 */

export interface Vec2 {
  x: number;
  y: number;
}
export interface Vec3 extends Vec2 {
  z: number;
}

/** Row-major 3x3 rotation. */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

export interface RigidFit {
  rotation: Mat3;
  scale: number;
  /** Root-mean-square residual in the target's pixels, per degree of freedom left (2N - 6). */
  residual: number;
  /** Turn about the image's vertical axis, degrees (positive: the nose, nearest the camera, moves to the frame's left). */
  yawDeg: number;
  /** Turn about the image's horizontal axis, degrees (positive: the nose moves down, a nod). */
  pitchDeg: number;
}

const RIGID_PARAMS = 6;
const AFFINE_PARAMS = 6;

function centroid<T extends Vec2>(points: readonly T[]): Vec2 {
  const n = points.length;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

/** Solves A·x = b for a small dense system (Gaussian elimination, partial pivoting); null when singular. */
export function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-12) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/** Least squares of rows·p ≈ values (normal equations; the systems here are 3 to 6 unknowns, well conditioned). */
function leastSquares(rows: readonly number[][], values: readonly number[]): number[] | null {
  const p = rows[0]?.length ?? 0;
  const ata = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const atb = new Array<number>(p).fill(0);
  rows.forEach((row, i) => {
    for (let j = 0; j < p; j++) {
      atb[j]! += row[j]! * values[i]!;
      for (let k = 0; k < p; k++) ata[j]![k]! += row[j]! * row[k]!;
    }
  });
  return solve(ata, atb);
}

const rotate = (r: Mat3, p: Vec3): Vec3 => ({
  x: r[0] * p.x + r[1] * p.y + r[2] * p.z,
  y: r[3] * p.x + r[4] * p.y + r[5] * p.z,
  z: r[6] * p.x + r[7] * p.y + r[8] * p.z,
});

/** Rodrigues: the rotation by |w| radians about w. */
function expRotation(w: Vec3): Mat3 {
  const th = Math.hypot(w.x, w.y, w.z);
  if (th < 1e-12) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const [x, y, z] = [w.x / th, w.y / th, w.z / th];
  const c = Math.cos(th);
  const s = Math.sin(th);
  const v = 1 - c;
  return [c + x * x * v, x * y * v - z * s, x * z * v + y * s, y * x * v + z * s, c + y * y * v, y * z * v - x * s, z * x * v - y * s, z * y * v + x * s, c + z * z * v];
}

function multiply(a: Mat3, b: Mat3): Mat3 {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[3 * i + j]! += a[3 * i + k]! * b[3 * k + j]!;
  return out as Mat3;
}

/** Gram-Schmidt on two rows, completed by their cross product: the rotation nearest an affine camera's rows. */
function rotationFromRows(r1: Vec3, r2: Vec3): { rotation: Mat3; scale: number } | null {
  const n1 = Math.hypot(r1.x, r1.y, r1.z);
  const n2 = Math.hypot(r2.x, r2.y, r2.z);
  if (!(n1 > 0 && n2 > 0)) return null;
  const a = { x: r1.x / n1, y: r1.y / n1, z: r1.z / n1 };
  const d = a.x * r2.x + a.y * r2.y + a.z * r2.z;
  const bRaw = { x: r2.x - d * a.x, y: r2.y - d * a.y, z: r2.z - d * a.z };
  const nb = Math.hypot(bRaw.x, bRaw.y, bRaw.z);
  if (!(nb > 0)) return null;
  const b = { x: bRaw.x / nb, y: bRaw.y / nb, z: bRaw.z / nb };
  const c = { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
  return { rotation: [a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z], scale: (n1 + n2) / 2 };
}

/**
 * The scaled-orthographic rigid motion of `shape` that best lands on `target` (same order):
 * started from the best affine camera made a rotation, then Gauss-Newton on rotation, scale
 * and shift. Null when the shape is flat or the points too few to judge.
 */
export function fitRigid(shape: readonly Vec3[], target: readonly Vec2[]): RigidFit | null {
  const n = shape.length;
  if (n !== target.length || n < 8) return null;
  const cs = shape.reduce((s, p) => ({ x: s.x + p.x / n, y: s.y + p.y / n, z: s.z + p.z / n }), { x: 0, y: 0, z: 0 });
  const ct = centroid(target);
  const S = shape.map((p) => ({ x: p.x - cs.x, y: p.y - cs.y, z: p.z - cs.z }));
  const T = target.map((p) => ({ x: p.x - ct.x, y: p.y - ct.y }));
  const rows = S.map((p) => [p.x, p.y, p.z]);
  const mx = leastSquares(rows, T.map((p) => p.x));
  const my = leastSquares(rows, T.map((p) => p.y));
  if (!mx || !my) return null;
  const start = rotationFromRows({ x: mx[0]!, y: mx[1]!, z: mx[2]! }, { x: my[0]!, y: my[1]!, z: my[2]! });
  if (!start) return null;
  let { rotation, scale } = start;
  let t = { x: 0, y: 0 };
  const sse = (r: Mat3, s: number, tt: Vec2): number =>
    S.reduce((sum, p, i) => {
      const q = rotate(r, p);
      return sum + (T[i]!.x - s * q.x - tt.x) ** 2 + (T[i]!.y - s * q.y - tt.y) ** 2;
    }, 0);
  let error = sse(rotation, scale, t);
  for (let iter = 0; iter < 20; iter++) {
    // Left perturbation R ← exp(δ)·R: d(δ×q)/dδ = -[q]×, first two rows.
    const jac: number[][] = [];
    const res: number[] = [];
    S.forEach((p, i) => {
      const q = rotate(rotation, p);
      jac.push([0, scale * q.z, -scale * q.y, q.x, 1, 0]);
      res.push(T[i]!.x - scale * q.x - t.x);
      jac.push([-scale * q.z, 0, scale * q.x, q.y, 0, 1]);
      res.push(T[i]!.y - scale * q.y - t.y);
    });
    const step = leastSquares(jac, res);
    if (!step) break;
    const nextRotation = multiply(expRotation({ x: step[0]!, y: step[1]!, z: step[2]! }), rotation);
    const nextScale = scale + step[3]!;
    const nextT = { x: t.x + step[4]!, y: t.y + step[5]! };
    const nextError = sse(nextRotation, nextScale, nextT);
    if (!(nextError < error)) break;
    const gain = error - nextError;
    [rotation, scale, t, error] = [nextRotation, nextScale, nextT, nextError];
    if (gain < 1e-9 * (error + 1)) break;
  }
  const clamp = (v: number): number => Math.max(-1, Math.min(1, v));
  return {
    rotation,
    scale,
    residual: Math.sqrt(error / Math.max(1, 2 * n - RIGID_PARAMS)),
    yawDeg: (Math.asin(clamp(rotation[2])) * 180) / Math.PI,
    pitchDeg: (Math.asin(clamp(-rotation[5])) * 180) / Math.PI,
  };
}

/** Sum of squared residuals of the best affine map of `from` onto `to`; null when under-determined. */
function affineError(from: readonly Vec2[], to: readonly Vec2[]): number | null {
  if (from.length < 4) return null;
  const rows = from.map((p) => [p.x, p.y, 1]);
  const ax = leastSquares(rows, to.map((p) => p.x));
  const ay = leastSquares(rows, to.map((p) => p.y));
  if (!ax || !ay) return null;
  return from.reduce((s, p, i) => {
    const ex = to[i]!.x - (ax[0]! * p.x + ax[1]! * p.y + ax[2]!);
    const ey = to[i]!.y - (ay[0]! * p.x + ay[1]! * p.y + ay[2]!);
    return s + ex * ex + ey * ey;
  }, 0);
}

/** Each half of a split keeps at least this share of the landmarks: a split nearer the edge is nearly one affine map. */
const MIN_SIDE_SHARE = 0.3;

/**
 * The best 2D-warp explanation of `reference` → `target`: one affine map per half, the face
 * split along a vertical or a horizontal line between any two landmarks that leaves each half
 * at least MIN_SIDE_SHARE of them (an attacker's stretch need not split at the face's
 * middle), or one affine map for the whole (a stretch or keystone of the whole picture).
 * Residual as in RigidFit.
 */
export function fitWarp(reference: readonly Vec2[], target: readonly Vec2[]): number | null {
  const n = reference.length;
  if (n !== target.length || n < 8) return null;
  const whole = affineError(reference, target);
  if (whole === null) return null;
  let best = Math.sqrt(whole / Math.max(1, 2 * n - AFFINE_PARAMS));
  const minSide = Math.ceil(MIN_SIDE_SHARE * n);
  for (const axis of ["x", "y"] as const) {
    const order = reference.map((p, i) => ({ v: p[axis], i })).sort((a, b) => a.v - b.v);
    for (let k = minSide; k <= n - minSide; k++) {
      const firstHalf = new Set(order.slice(0, k).map((o) => o.i));
      const pick = (pts: readonly Vec2[], first: boolean): Vec2[] => pts.filter((_, i) => firstHalf.has(i) === first);
      const a = affineError(pick(reference, true), pick(target, true));
      const b = affineError(pick(reference, false), pick(target, false));
      if (a === null || b === null) continue;
      best = Math.min(best, Math.sqrt((a + b) / Math.max(1, 2 * n - 2 * AFFINE_PARAMS)));
    }
  }
  return best;
}
