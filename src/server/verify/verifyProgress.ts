/**
 * How far a verification job is, as the one fraction of its work the page's 核验中 bar shows
 * (schemas/api.ts attemptStateSchema `progress`): each step the job runs takes the share of the
 * bar its work typically takes, the face analysis moves frame by frame, and the fraction never
 * goes back. The page knows nothing of the steps' costs; it shows the figure it is sent.
 */
import type { VerifyStep } from "../../../schemas/api";

/** The steps that do work; waiting in the queue is none (the job is at 0 until it is taken). */
type WorkStep = Exclude<VerifyStep, "queued">;

/**
 * The typical share of a job's wall time of each part of the work, measured by
 * scripts/verifyCost.ts (`BENCH_ONLY=verify BENCH_VERIFY_PART=cost npx tsx scripts/bench.ts`) on
 * 5 s SYNTHETIC recordings of every mode on this 2-core machine, as medians of each mode's runs:
 * quiet (docs/verificationCost.md, 2026-11-28) decode 21-30 %, Human 56-67 %, pixel signals
 * 8-11 %, voice 1 % (number and will mode), deciding 2-3 %; at load 3.5-6.2 (2026-11-29, two
 * runs) decode 24-34 %, Human 49-64 %, pixel signals 8-13 %, voice 1 %, deciding 2-4 %, the rest
 * (copies of the media) under 1 %. Rounded to a split that holds across the modes; the shares of
 * a job that does not listen are taken over the steps it runs.
 */
export const MEASURED_WORK_SPLIT = {
  /** ffmpeg's run, frames and audio read back (with the local copy of the media before it). */
  decode: 0.24,
  /** Human's detector, mesh, scores and descriptors, frame by frame. */
  face: 0.62,
  /** Every decoded frame's pixel signals and the search for cuts. */
  signals: 0.1,
  /** Voice detection and any recogniser (number and will mode). */
  voice: 0.01,
  /** Every check, and the replay fingerprint. */
  decide: 0.03,
} as const;

/** Each working step's weight (MEASURED_WORK_SPLIT grouped as verifyMedia.ts reports its steps). */
export const VERIFY_STEP_WEIGHTS = {
  decoding: MEASURED_WORK_SPLIT.decode,
  analysing: MEASURED_WORK_SPLIT.face + MEASURED_WORK_SPLIT.signals,
  listening: MEASURED_WORK_SPLIT.voice,
  deciding: MEASURED_WORK_SPLIT.decide,
} as const satisfies Record<WorkStep, number>;

/** The face pass's part of the analysing step; every frame's pixel signals take the rest (analyseFrames.ts). */
export const MESH_SHARE_OF_ANALYSIS = MEASURED_WORK_SPLIT.face / VERIFY_STEP_WEIGHTS.analysing;

/** The working steps in the order a job runs them. */
const STEP_ORDER: readonly WorkStep[] = ["decoding", "analysing", "listening", "deciding"];

/**
 * The whole job's fraction done once `share` (0..1) of `step` is: the weights of the steps
 * before it and that share of its own, over the steps this job runs.
 * @example verifyProgressAt("analysing", 0.5, { listens: false }) // (0.24 + 0.36) / 0.99 ≈ 0.61
 */
export function verifyProgressAt(step: WorkStep, share: number, job: { listens: boolean }): number {
  const steps = STEP_ORDER.filter((s) => s !== "listening" || job.listens);
  if (!steps.includes(step)) throw new Error(`verifyProgressAt: a job that does not listen has no '${step}' step`);
  const total = steps.reduce((sum, s) => sum + VERIFY_STEP_WEIGHTS[s], 0);
  const before = steps.slice(0, steps.indexOf(step)).reduce((sum, s) => sum + VERIFY_STEP_WEIGHTS[s], 0);
  const clamped = Math.min(1, Math.max(0, share));
  return Math.min(1, (before + VERIFY_STEP_WEIGHTS[step] * clamped) / total);
}

export interface VerifyProgress {
  /** The job began `step` (its share 0). */
  enter(step: WorkStep): void;
  /** `share` (0..1) of the current step is done. */
  advance(share: number): void;
}

/**
 * A job's progress reporter: tells `report` the step and the whole job's fraction at each
 * change, never less than it said before (a share reported out of order holds the bar).
 */
export function createVerifyProgress(report: (step: WorkStep, progress: number) => void, job: { listens: boolean }): VerifyProgress {
  let step: WorkStep | null = null;
  let said = 0;
  const say = (at: WorkStep, share: number) => {
    said = Math.max(said, verifyProgressAt(at, share, job));
    report(at, said);
  };
  return {
    enter(next) {
      step = next;
      say(next, 0);
    },
    advance(share) {
      if (step === null) throw new Error("VerifyProgress.advance: no step entered yet");
      say(step, share);
    },
  };
}
