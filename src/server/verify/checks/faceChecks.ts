/**
 * Who is in the picture, on the frames the service decoded: one face throughout (gaps shorter
 * than verification.presence.maxGapMs forgiven, for a blink of the detector or a turn of the
 * head), the same person throughout (descriptor similarity between frames sampled across the
 * recording), and the anti-spoofing and liveness scores. Each detail names the frames and
 * seconds it judged.
 */
import type { FaceConfig } from "../../../../schemas/capture";
import type { VerificationConfig } from "../../../../schemas/verification";
import { facesOf } from "../../../domain/face/quality";
import { descriptorSimilarity } from "../../../domain/face/similarity";
import type { FrameObservation } from "../../../domain/face/types";
import { failed, pass, type Outcome } from "../../media/checkOutcome";
import { VERIFY_CODES } from "../../media/verifyCodes";
import { plural, seconds, type DescriptorSample } from "./analysis";

type Presence = "one" | "none" | "several";

/**
 * The longest run of consecutive frames in the wanted state(s): from its first frame to the
 * next frame in another state (the last frame of the recording counts one frame interval).
 */
function longestRun(frames: readonly FrameObservation[], states: readonly Presence[], ...want: Presence[]): { ms: number; atMs: number } {
  const first = frames[0]?.atMs ?? 0;
  const step = frames.length > 1 ? ((frames[frames.length - 1]?.atMs ?? first) - first) / (frames.length - 1) : 0;
  let best = { ms: 0, atMs: 0 };
  let start = -1;
  for (let i = 0; i <= frames.length; i++) {
    if (i < frames.length && want.includes(states[i] as Presence)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const from = frames[start]?.atMs ?? 0;
    const to = i < frames.length ? (frames[i]?.atMs ?? from) : (frames[i - 1]?.atMs ?? from) + step;
    if (to - from > best.ms) best = { ms: to - from, atMs: from };
    start = -1;
  }
  return best;
}

/** The longest time between two consecutive frames. */
function longestPause(frames: readonly FrameObservation[]): { ms: number; atMs: number } {
  let best = { ms: 0, atMs: 0 };
  for (let i = 1; i < frames.length; i++) {
    const from = frames[i - 1]?.atMs ?? 0;
    const ms = (frames[i]?.atMs ?? from) - from;
    if (ms > best.ms) best = { ms, atMs: from };
  }
  return best;
}

export function checkPresence(frames: readonly FrameObservation[], face: FaceConfig, presence: VerificationConfig["presence"]): Outcome {
  if (frames.length === 0) return failed("face", VERIFY_CODES.noVideoFrames, "No frame could be decoded to look for a face.");
  const states: Presence[] = frames.map((f) => {
    const n = facesOf(f, face.quality).length;
    return n === 0 ? "none" : n === 1 ? "one" : "several";
  });
  const one = states.filter((s) => s === "one").length;
  const share = one / frames.length;
  const rule = `detector score at least ${face.quality.minScore}; gaps up to ${presence.maxGapMs} ms forgiven`;
  const several = longestRun(frames, states, "several");
  if (several.ms > presence.maxGapMs) {
    return failed("face", VERIFY_CODES.severalFaces, `More than one face for ${seconds(several.ms)} from ${seconds(several.atMs)} (${rule}).`);
  }
  const none = longestRun(frames, states, "none");
  const counts = `one face in ${one} of ${plural(frames.length, "decoded frame")} (${Math.round(share * 100)}%)`;
  if (none.ms > presence.maxGapMs) {
    return failed("face", VERIFY_CODES.noFace, `No face for ${seconds(none.ms)} from ${seconds(none.atMs)}; ${counts} (${rule}).`);
  }
  // No face then several (someone leaving as another arrives): each run short, but nobody alone
  // in the picture for longer than the gap allows.
  const notOne = longestRun(frames, states, "none", "several");
  if (notOne.ms > presence.maxGapMs) {
    return failed("face", VERIFY_CODES.noFace, `No single face for ${seconds(notOne.ms)} from ${seconds(notOne.atMs)}, no face and several faces taking turns; ${counts} (${rule}).`);
  }
  if (share < presence.minFaceShare) {
    return failed("face", VERIFY_CODES.noFace, `Only ${counts}; at least ${Math.round(presence.minFaceShare * 100)}% needed (${rule}).`);
  }
  // A frame stream can pause: nothing was seen in the pause, so it counts as a gap too.
  const pause = longestPause(frames);
  if (pause.ms > presence.maxGapMs) {
    return failed("face", VERIFY_CODES.noFace, `No frame for ${seconds(pause.ms)} from ${seconds(pause.atMs)}: nothing seen then (${rule}).`);
  }
  return pass("face", `One face throughout: ${counts}, ${rule}.`);
}

/** The lowest similarity between any two sampled faces. */
export function lowestSimilarity(samples: readonly DescriptorSample[]): { similarity: number; a: number; b: number } | null {
  let worst: { similarity: number; a: number; b: number } | null = null;
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const a = samples[i] as DescriptorSample;
      const b = samples[j] as DescriptorSample;
      const similarity = descriptorSimilarity(a.descriptor, b.descriptor);
      if (worst === null || similarity < worst.similarity) worst = { similarity, a: a.atMs, b: b.atMs };
    }
  }
  return worst;
}

export function checkIdentity(samples: readonly DescriptorSample[], identity: VerificationConfig["identity"]): Outcome {
  const at = samples.map((s) => seconds(s.atMs)).join(", ");
  if (samples.length < 2) {
    return failed("identity", VERIFY_CODES.differentPeople, `Not checked: ${plural(samples.length, "frame")} with one describable face (at least 2 needed to compare).`);
  }
  const worst = lowestSimilarity(samples);
  if (worst === null) return failed("identity", VERIFY_CODES.differentPeople, "No two faces could be compared.");
  const figures = `lowest similarity ${worst.similarity.toFixed(2)} (between ${seconds(worst.a)} and ${seconds(worst.b)}) over faces sampled at ${at}; at least ${identity.minSimilarity} required`;
  return worst.similarity >= identity.minSimilarity
    ? pass("identity", `The same person throughout: ${figures}.`)
    : failed("identity", VERIFY_CODES.differentPeople, `Not the same person throughout: ${figures}.`);
}

export interface LivenessScores {
  real: number | null;
  live: number | null;
}

const mean = (values: number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

export function livenessScores(frames: readonly FrameObservation[], face: FaceConfig): LivenessScores & { frames: number } {
  const single = frames.map((f) => facesOf(f, face.quality)).filter((faces) => faces.length === 1).map((faces) => faces[0]!);
  return {
    real: mean(single.flatMap((f) => (f.real === null ? [] : [f.real]))),
    live: mean(single.flatMap((f) => (f.live === null ? [] : [f.live]))),
    frames: single.length,
  };
}

export function checkLiveness(scores: LivenessScores & { frames: number }, t: FaceConfig["liveness"]): Outcome {
  if (scores.real === null || scores.live === null) {
    return failed("liveness", VERIFY_CODES.livenessLow, "No anti-spoofing or liveness score: no decoded frame shows exactly one face.");
  }
  const figures = `mean anti-spoofing score ${scores.real.toFixed(2)} (at least ${t.minReal}) and liveness score ${scores.live.toFixed(2)} (at least ${t.minLive}) over ${plural(scores.frames, "frame")} with one face`;
  return scores.real >= t.minReal && scores.live >= t.minLive
    ? pass("liveness", `Scored by the service: ${figures}.`)
    : failed("liveness", VERIFY_CODES.livenessLow, `Too low: ${figures}.`);
}
