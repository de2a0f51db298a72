/**
 * Recordings of requested actions for the judging tests: each action as pose keyframes
 * relative to its start (the same swings as the device tests use), placed on one track.
 */
import type { FrameObservation } from "../../src/domain/face/types";
import { faceFrames, NEUTRAL, type PoseKey } from "./syntheticFace";

const { yaw, eye, mouth, pitch } = NEUTRAL;

/** One performance of each action code, from rest back to rest; how long each takes is its last key. */
export const MOVES: Record<"1" | "2" | "3" | "4", PoseKey[]> = {
  "1": [[0, { yaw }], [400, { yaw: yaw - 0.3 }], [900, { yaw: yaw + 0.3 }], [1300, { yaw }]],
  "2": [[0, { eye }], [125, { eye: 0.05 }], [250, { eye: 0.05 }], [375, { eye }]],
  "3": [[0, { mouth }], [300, { mouth: 0.6 }], [600, { mouth: 0.6 }], [900, { mouth }]],
  "4": [[0, { pitch }], [400, { pitch: pitch + 0.1 }], [800, { pitch }]],
};

export type Performance = [code: keyof typeof MOVES, startMs: number];

/**
 * Frames at 8 fps of a face at rest that performs each action from its start time (use
 * multiples of 125 ms so a blink's closed frames are sampled).
 *
 * @example performing([["1", 500], ["2", 2500]], { durationMs: 3500 })
 */
export function performing(performances: Performance[], options: { durationMs: number; seed?: number; noise?: number }): FrameObservation[] {
  const keys: PoseKey[] = [[0, {}]];
  for (const [code, start] of [...performances].sort((a, b) => a[1] - b[1])) {
    for (const [t, pose] of MOVES[code]) keys.push([start + t, pose]);
  }
  return faceFrames(keys, { durationMs: options.durationMs, noise: options.noise ?? 1, seed: options.seed ?? 1 });
}
