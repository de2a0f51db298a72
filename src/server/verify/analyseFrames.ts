/**
 * The face analysis of one job's decoded frames. The frames come at the signal rate (enough
 * for the light challenge's colour changes and the lips); Human's detector and mesh run on an
 * evenly spread subset at the mode's mesh rate, and every frame gets its cheap pixel signals
 * (signals/frameSignals.ts) measured with the face interpolated between the analysed frames
 * either side (signals/faceBetween.ts). Descriptors are taken on frames drawn at random AND on
 * both sides of every cut (a jump of the face's signature far beyond the recording's own
 * changes), so a stretch of another person spliced in is always compared, never only by chance.
 */
import { facesOf } from "../../domain/face/quality";
import type { FaceObservation } from "../../domain/face/types";
import type { ServerLimits } from "../limits";
import type { DescriptorSample, MediaAnalysis } from "./checks/analysis";
import type { AnalysedFrame, FrameAnalyzer } from "./frameAnalyzer";
import type { DecodedFrame } from "./mediaTypes";
import { analyseMeshFrames } from "./meshPass";
import { findCuts, framesAroundCuts } from "./checks/liveness/cuts";
import { measureFrame, type FrameSignals } from "./signals/frameSignals";
import { faceAt } from "./signals/faceBetween";
import { MESH_SHARE_OF_ANALYSIS } from "./verifyProgress";

/** At most this many frames around cuts are described (0.1 s each), around the largest jumps first. */
const MAX_CUT_FRAMES = 8;

interface FrameAnalysisOptions {
  /** Human's mesh rate for this mode (frames per second). */
  meshFps: number;
  iris: boolean;
  /** Indices (of the analysed subset) drawn for descriptors and for the anti-spoofing scores. */
  pick(analysed: number): { describe: Set<number>; scored: Set<number> };
  /** The share (0..1) of the analysis done: the face pass frame by frame, then the pixel signals (MESH_SHARE_OF_ANALYSIS splits them). */
  progress(share: number): void;
}

type FrameResults = Pick<MediaAnalysis, "frames" | "samples" | "signals" | "mouth" | "cuts">;

/**
 * Indices of `frames` to run Human on: the frame nearest each tick of the mesh rate from the
 * first frame on, so the rate holds even when it does not divide the decoded rate (10 a second
 * out of 15 takes two frames of three, not every other one).
 */
export function meshIndices(frames: readonly DecodedFrame[], meshFps: number): number[] {
  const first = frames[0]?.atMs;
  const last = frames[frames.length - 1]?.atMs;
  if (first === undefined || last === undefined) return [];
  const interval = 1000 / meshFps;
  const picked = new Set<number>();
  let i = 0;
  // Ticks up to the last frame (1 ms of slack for times rounded to whole ms).
  for (let k = 0, tick = first; tick <= last + 1; k++, tick = first + k * interval) {
    while (i + 1 < frames.length && Math.abs((frames[i + 1] as DecodedFrame).atMs - tick) <= Math.abs((frames[i] as DecodedFrame).atMs - tick)) i++;
    picked.add(i);
  }
  return [...picked];
}

function oneDescriptor(analysed: AnalysedFrame, minScore: number): number[] | null {
  const described = analysed.descriptors.filter((d, k) => d !== null && (analysed.observation.faces[k]?.score ?? 0) >= minScore);
  return described.length === 1 ? (described[0] ?? null) : null;
}

export async function analyseFrames(frames: readonly DecodedFrame[], analyzer: FrameAnalyzer, limits: ServerLimits, options: FrameAnalysisOptions): Promise<FrameResults> {
  const meshAt = meshIndices(frames, options.meshFps);
  const { describe, scored } = options.pick(meshAt.length);
  const observations: MediaAnalysis["frames"] = [];
  const samples: DescriptorSample[] = [];
  const faces: { atMs: number; face: FaceObservation | null }[] = [];
  const analysedFrames = await analyseMeshFrames(
    meshAt.map((i) => frames[i] as DecodedFrame),
    analyzer,
    { iris: options.iris, describe, scored, detectorEveryMs: limits.verification.detectorEveryMs, progress: (share) => options.progress(share * MESH_SHARE_OF_ANALYSIS) },
  );
  for (const analysed of analysedFrames) {
    observations.push(analysed.observation);
    const good = facesOf(analysed.observation, limits.face.quality);
    faces.push({ atMs: analysed.observation.atMs, face: good.length === 1 ? (good[0] ?? null) : null });
    const descriptor = oneDescriptor(analysed, limits.face.quality.minScore);
    if (descriptor !== null) samples.push({ atMs: analysed.observation.atMs, descriptor });
  }

  const analysedAt = new Map(meshAt.map((i, k) => [i, k]));
  const faceOf = (frame: DecodedFrame, i: number) => {
    const k = analysedAt.get(i);
    return k === undefined ? faceAt(faces, frame.atMs) : (faces[k]?.face ?? null);
  };
  const signals: FrameSignals[] = frames.map((frame, i) => measureFrame(frame, faceOf(frame, i), frames[i - 1]));
  // The mouth as the mesh measured it on its own frames: lips are judged on what the mesh saw, not carried over.
  const mouth = meshAt.flatMap((i) => {
    const m = signals[i]?.mouth;
    return m ? [{ atMs: (frames[i] as DecodedFrame).atMs, open: m.open }] : [];
  });

  // Both sides of each cut are described (a splice has two people, one on each side).
  const cuts = findCuts(signals, limits.verification.identity.cuts);
  const around = framesAroundCuts(cuts, frames.length);
  const toDescribe = around.slice(0, MAX_CUT_FRAMES);
  const cutFrames = [...around].sort((a, b) => a - b);
  for (const i of toDescribe) {
    const frame = frames[i] as DecodedFrame;
    const analysed = await analyzer.analyze(frame, { iris: false, describe: true, scores: false });
    const descriptor = oneDescriptor(analysed, limits.face.quality.minScore);
    if (descriptor !== null) samples.push({ atMs: frame.atMs, descriptor });
  }
  options.progress(1);
  samples.sort((a, b) => a.atMs - b.atMs);
  return { frames: observations, samples, signals, mouth, cuts: { atMs: cutFrames.map((i) => (frames[i] as DecodedFrame).atMs), described: toDescribe.length, found: cutFrames.length } };
}
