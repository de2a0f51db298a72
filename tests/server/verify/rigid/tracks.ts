/**
 * Landmark tracks for the 3D-turn check, built from warpedPhotos.json (synthetic, derived from
 * the face-api demo photos by makeFixture.ts):
 * - a warped photo: the frontal frame, then Human's landmarks of the photo warped at rising
 *   amounts (what an attacker stretching a still photo shows the camera);
 * - a real head turn: the frontal frame's 3D landmarks (Human's x, y and scaled z) turned
 *   about the head's centre, projected by a pinhole camera 45 cm away, with Human-like
 *   landmark noise (Gaussian, then truncated to whole pixels as Human does).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FrameObservation, Point } from "../../../../src/domain/face/types";
import { threeDimensionalThresholds } from "../../../../src/server/verify/checks/liveness/rigidCheck";
import { turnFixtureSchema, warpFixtureSchema, type TurnFixture, type WarpFixture, type WarpKind } from "./fixtureTypes";

export type FixtureFace = WarpFixture["faces"][number];

const here = dirname(fileURLToPath(import.meta.url));

export function readWarpFixture(): WarpFixture {
  return warpFixtureSchema.parse(JSON.parse(readFileSync(join(here, "warpedPhotos.json"), "utf8")));
}

export function readTurnFixture(): TurnFixture {
  return turnFixtureSchema.parse(JSON.parse(readFileSync(join(here, "renderedTurns.json"), "utf8")));
}

/** One rendered turn as Human saw it, frame by frame. */
export function renderedTrack(fixture: TurnFixture, turn: TurnFixture["turns"][number]): FrameObservation[] {
  return turn.frames.map((f) => frame(f.atMs, f.box, meshOf(fixture.landmarks, f.points.map(([x, y, z]) => ({ x, y, z })))));
}

/** A 468-point mesh holding `points` at the fixture's landmark indices (the rest at the first one: unused by the check). */
function meshOf(landmarks: readonly number[], points: readonly Point[]): Point[] {
  const mesh: Point[] = Array.from({ length: 468 }, () => ({ ...(points[0] as Point) }));
  landmarks.forEach((index, k) => {
    mesh[index] = points[k] as Point;
  });
  return mesh;
}

function frame(atMs: number, box: FixtureFace["box"], mesh: Point[]): FrameObservation {
  return { atMs, width: 640, height: 480, luma: 120, faces: [{ score: 0.99, box, mesh, real: 0.9, live: 0.9 }] };
}

/** Deterministic Gaussian noise (mulberry32 + Box-Muller), so a failing test fails the same way every run. */
export function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

const frontalPoints = (face: FixtureFace): Point[] => face.frontal.map(([x, y, z]) => ({ x, y, z }));

/** The frontal frame, then the warped frames of one kind in rising amount (optionally only some amounts). */
export function warpTrack(fixture: WarpFixture, face: FixtureFace, kind: WarpKind, amounts?: readonly number[]): FrameObservation[] {
  const warps = face.warps.filter((w) => w.kind === kind && (!amounts || amounts.includes(w.amount))).sort((a, b) => Math.abs(a.amount) - Math.abs(b.amount));
  return [
    frame(0, face.box, meshOf(fixture.landmarks, frontalPoints(face))),
    ...warps.map((w, k) => frame(100 * (k + 1), face.box, meshOf(fixture.landmarks, w.points.map(([x, y, z]) => ({ x, y, z }))))),
  ];
}

export interface TurnOptions {
  axis: "yaw" | "pitch";
  amplitudeDeg: number;
  /** Landmark noise σ in pixels (Human: about 1). */
  noisePx: number;
  /** The true head's depth over the depth the check assumes (1: Human's z exactly right). */
  depthError?: number;
  /** Per-landmark depth noise σ in pixels: Human's z is a guess from one picture. */
  depthNoisePx?: number;
  seed?: number;
  /** A flat photo of the face turned in front of the camera instead of a head: no depth, while Human still reports the face's usual z. */
  flat?: boolean;
  /** Frames of the turn, from frontal to the amplitude and back (after three at rest). */
  frames?: number;
}

/** A real head movement of the fixture's face: at rest, then a shake to both sides or a nod down and back, as Human would see it. */
export function turnTrack(fixture: WarpFixture, face: FixtureFace, options: TurnOptions): FrameObservation[] {
  const noise = gaussian(options.seed ?? 1);
  const depth = (face.box.width / 256) * threeDimensionalThresholds.parse({}).depthScale * (options.depthError ?? 1);
  const head = face.frontal.map(([x, y, z]) => ({ x, y, z: options.flat ? 0 : z * depth + (options.depthNoisePx ?? 0) * noise() }));
  const n = head.length;
  const c = head.reduce((s, p) => ({ x: s.x + p.x / n, y: s.y + p.y / n, z: s.z + p.z / n }), { x: 0, y: 0, z: 0 });
  // 15 cm of face over the box's pixels, the camera 45 cm away: its distance in the frame's pixels.
  const cameraDistance = (face.box.width * 45) / 15;
  const focal = cameraDistance; // the face's centre keeps its size
  // A shake swings to both sides (as the shake detector demands); a nod goes down and back up.
  const count = options.frames ?? (options.axis === "yaw" ? 17 : 9);
  const periods = options.axis === "yaw" ? 2 : 1;
  // Three frames at rest first, as a recording has before the prompted action (the detectors' baseline).
  const rest = 3;
  const jitter = (v: number): number => Math.trunc(v + options.noisePx * noise());
  return Array.from({ length: rest + count }, (_, i) => {
    const k = Math.max(0, i - rest);
    const th = ((options.amplitudeDeg * Math.PI) / 180) * Math.sin((periods * Math.PI * k) / (count - 1));
    const [cos, sin] = [Math.cos(th), Math.sin(th)];
    const points = head.map((p) => {
      const [x, y, z] = [p.x - c.x, p.y - c.y, p.z - c.z];
      const [rx, ry, rz] = options.axis === "yaw" ? [cos * x + sin * z, y, -sin * x + cos * z] : [x, cos * y - sin * z, sin * y + cos * z];
      const w = focal / (cameraDistance + rz);
      // Human's z of this frame: the turned head's depth, in its model's units.
      return { x: jitter(c.x + rx * w), y: jitter(c.y + ry * w), z: (c.z + rz) / depth };
    });
    if (options.flat) points.forEach((p, k) => (p.z = face.frontal[k]?.[2] ?? 0));
    return frame(100 * i, face.box, meshOf(fixture.landmarks, points));
  });
}
