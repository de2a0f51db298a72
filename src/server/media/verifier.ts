/**
 * Deciding whether a recording passes is pluggable (DESIGN.md "The verification service"):
 * the service calls a Verifier and signs what it returns. The default verifier makes only
 * the checks it can really make from the bytes, the attempt record and the evidence frames a
 * guided client sends, and each check's detail says what was checked and what was not. It
 * decodes no video, compares no faces and recognises no speech, so it never reports
 * similarity; its face checks (faceChecks.ts) run on the evidence frames only.
 */
import type { ProbeResult } from "./probe";
import { durationRangeFor, sizeRangeFor, type LiveType, type Platform, type VerifierLimits } from "./captureLimits";
import { ACTION_NAMES, failed, pass, toCheck, type Outcome } from "./checkOutcome";
import { runFaceChecks, type FaceChecks, type FaceEvidence } from "./faceChecks";
import { VERIFY_CODES } from "./verifyCodes";
import type { FaceAnalyzer } from "../face/faceAnalyzer";
import { defaultFaceAnalyzer } from "../face/humanAnalyzer";

export interface VerifyInput {
  liveType: LiveType;
  will: boolean;
  /** Action codes requested for this attempt (action mode), in order. */
  actions: string[];
  /** Digits issued for this attempt (number mode). */
  digits: string | null;
  probe: ProbeResult;
  /** Size of the decoded recording. */
  bytes: number;
  platform: Platform;
  /** What the upload brought for the face checks; absent: the caller has none to offer, and no face check is listed. */
  face?: FaceEvidence;
}

export interface VerifyCheck {
  name: string;
  passed: boolean;
  detail: string;
}

export interface VerifyResult {
  passed: boolean;
  /** "0" when passed, else the code of the first failing check (VERIFY_CODES). */
  code: string;
  /**
   * 0-100, whole number. When evidence frames were analysed: 100 × the lower of the mean
   * anti-spoofing and mean liveness scores (0 when no frame showed one face). Otherwise the
   * share of the recording checks (all but the face checks) that passed, and the face check's
   * detail says so.
   */
  liveRate: number;
  willCode?: string;
  /** "0" when the face checks passed, else the first failing one's code; absent when they did not run. */
  faceCode?: string;
  similarity?: number;
  checks: VerifyCheck[];
}

export interface Verifier {
  /** Recorded with each attempt so a result can be traced to what judged it. */
  name: string;
  verify(input: VerifyInput): Promise<VerifyResult>;
}

const MODE_NAMES: Record<LiveType, string> = { "1": "number", "2": "action", "3": "silent" };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function checkContainer(probe: ProbeResult): Outcome {
  if (!probe.ok) return failed("container", VERIFY_CODES.containerUnreadable, `Not a readable WebM or MP4 file: ${probe.reason}.`);
  return pass(
    "container",
    `Parsed as ${probe.container === "mp4" ? "MP4" : "WebM"} from the file's own structure (the declared content type was not relied on).`,
  );
}

function checkDuration(input: VerifyInput, limits: VerifierLimits): Outcome {
  const { probe } = input;
  const mode = input.will ? "will" : MODE_NAMES[input.liveType];
  if (!probe.ok) return failed("duration", VERIFY_CODES.durationUnknown, "Not checked: the file could not be parsed.");
  if (probe.durationMs === null) {
    return failed("duration", VERIFY_CODES.durationUnknown, "The file declares no duration and holds no timed frames to derive one from.");
  }
  const d = probe.durationMs;
  const range = durationRangeFor(limits, input);
  if (range === null) {
    return d > 0
      ? pass("duration", `Duration ${seconds(d)} (${d} ms); ${mode} mode has no configured duration window, so only a positive duration was checked.`)
      : failed("duration", VERIFY_CODES.durationTooShort, `Duration is 0 s.`);
  }
  const tolerance = limits.durationMs.toleranceMs;
  const window =
    (range.max === null ? `at least ${seconds(range.min)}` : `${seconds(range.min)} to ${seconds(range.max)}`) +
    ` (±${tolerance} ms)`;
  const measured = `Duration ${seconds(d)} (${d} ms)`;
  if (d < range.min - tolerance) {
    return failed("duration", VERIFY_CODES.durationTooShort, `${measured} is below the ${window} allowed in ${mode} mode.`);
  }
  if (range.max !== null && d > range.max + tolerance) {
    return failed("duration", VERIFY_CODES.durationTooLong, `${measured} is above the ${window} allowed in ${mode} mode.`);
  }
  return pass("duration", `${measured} is within the ${window} allowed in ${mode} mode.`);
}

function checkSize(input: VerifyInput, limits: VerifierLimits): Outcome {
  const { min, max } = sizeRangeFor(limits, input.platform);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const window = `${kb(min)} (${input.platform}) to ${kb(max)}`;
  if (input.bytes < min) return failed("size", VERIFY_CODES.sizeTooSmall, `${kb(input.bytes)} is below the ${window} accepted.`);
  if (input.bytes > max) return failed("size", VERIFY_CODES.sizeTooLarge, `${kb(input.bytes)} is above the ${window} accepted.`);
  return pass("size", `${kb(input.bytes)} is within the ${window} accepted.`);
}

function checkVideoTrack(probe: ProbeResult): Outcome {
  if (!probe.ok) return failed("videoTrack", VERIFY_CODES.noVideoTrack, "Not checked: the file could not be parsed.");
  return probe.hasVideo
    ? pass("videoTrack", "The file declares a video track.")
    : failed("videoTrack", VERIFY_CODES.noVideoTrack, "The file declares no video track.");
}

function checkAudioTrack(probe: ProbeResult): Outcome {
  const notHeard = "Not checked: what was said (this verifier does no speech recognition).";
  if (!probe.ok) return failed("audioTrack", VERIFY_CODES.noAudioTrack, "Not checked: the file could not be parsed.");
  return probe.hasAudio
    ? pass("audioTrack", `The file declares an audio track for the spoken consent. ${notHeard}`)
    : failed("audioTrack", VERIFY_CODES.noAudioTrack, `Will mode needs a spoken consent, but the file declares no audio track.`);
}

function checkFrames(probe: ProbeResult, limits: VerifierLimits, faceJudged: boolean): Outcome {
  const notSeen = faceJudged
    ? "What the recording's own frames show is not analysed (the face checks judge the evidence frames)."
    : "Not checked: what the frames show (no face detection or liveness analysis).";
  if (!probe.ok) return failed("videoFrames", VERIFY_CODES.noVideoFrames, "Not checked: the file could not be parsed.");
  if (probe.videoFrames === 0) return failed("videoFrames", VERIFY_CODES.noVideoFrames, "The file holds no video frames.");
  if (probe.durationMs === null || probe.durationMs === 0) {
    return failed(
      "videoFrames",
      VERIFY_CODES.implausibleFrameRate,
      `${probe.videoFrames} video frames present, but without a duration their rate could not be checked.`,
    );
  }
  const fps = probe.videoFrames / (probe.durationMs / 1000);
  const { min, max } = limits.frameRate;
  const rate = `${probe.videoFrames} video frames in ${seconds(probe.durationMs)} (${fps.toFixed(1)} fps)`;
  if (fps < min || fps > max) {
    return failed("videoFrames", VERIFY_CODES.implausibleFrameRate, `${rate} is outside the plausible ${min}-${max} fps.`);
  }
  return pass("videoFrames", `${rate}, within the plausible ${min}-${max} fps. ${notSeen}`);
}

function checkChallenge(input: VerifyInput, faceJudged: boolean): Outcome {
  if (input.liveType === "1") {
    if (input.digits === null || !/^\d+$/.test(input.digits)) {
      return failed("challenge", VERIFY_CODES.digitsNotIssued, "Number mode, but no digits were issued for this attempt.");
    }
    return pass(
      "challenge",
      `Digits ${input.digits} were issued for this attempt and are recorded with it. Not checked: whether they were read aloud (no speech recognition).`,
    );
  }
  if (input.liveType === "2") {
    const unknown = input.actions.filter((a) => !(a in ACTION_NAMES));
    if (input.actions.length === 0 || unknown.length > 0) {
      const why = input.actions.length === 0 ? "no actions were requested" : `unknown action codes ${unknown.join(",")}`;
      return failed("challenge", VERIFY_CODES.actionsNotIssued, `Action mode, but ${why} for this attempt.`);
    }
    const named = input.actions.map((a) => `${a} ${ACTION_NAMES[a]}`).join(", ");
    const performed = faceJudged
      ? "Whether they were performed is the actions check's."
      : "Not checked: whether they were performed (no face or motion analysis).";
    return pass("challenge", `Actions ${named} were requested for this attempt and are recorded with it. ${performed}`);
  }
  const face = faceJudged ? "Face presence and liveness are the face checks'." : "Not checked: face presence or liveness.";
  return pass("challenge", `Silent mode requests no digits or actions. ${face}`);
}

/**
 * liveRate and the note that says what it is: the real scores when frames were analysed,
 * else the share of the recording checks that passed (the current figure before face checks).
 */
function liveRateOf(recording: Outcome[], face: FaceChecks | null): { liveRate: number; note: string } {
  if (face?.scores) {
    const { real, live } = face.scores;
    if (real === null || live === null) return { liveRate: 0, note: "liveRate is 0: no frame was scored." };
    const liveRate = Math.round(100 * Math.min(real, live));
    return { liveRate, note: `liveRate ${liveRate} is 100 × the lower of the two mean scores.` };
  }
  const passed = recording.filter((o) => o.passed).length;
  const liveRate = Math.round((100 * passed) / recording.length);
  return { liveRate, note: `liveRate ${liveRate} is the share of the ${recording.length} recording checks that passed (${passed}), not a liveness score.` };
}

/** The default verifier over the limits of flows/capture.json; `analyzer` analyses the evidence frames (Human by default). */
export function createDefaultVerifier(limits: VerifierLimits, analyzer?: FaceAnalyzer): Verifier {
  let faceAnalyzer = analyzer ?? null;
  return {
    // Renamed when the face checks came in, so attempts judged before them can be told apart.
    name: "faceflow-face-checks",
    async verify(input) {
      const face = input.face
        ? await runFaceChecks(input.face, input, limits.face, (faceAnalyzer ??= defaultFaceAnalyzer(limits.face.evidence.maxFrameBytes)))
        : null;
      const faceJudged = face?.scores != null;
      const audio = input.will ? checkAudioTrack(input.probe) : null;
      const recording = [
        checkContainer(input.probe),
        checkDuration(input, limits),
        checkSize(input, limits),
        checkVideoTrack(input.probe),
        ...(audio ? [audio] : []),
        checkFrames(input.probe, limits, faceJudged),
        checkChallenge(input, faceJudged),
      ];
      const { liveRate, note } = liveRateOf(recording, face);
      // The note goes on the check the figure comes from: liveness when scored, else the face check.
      const faceOutcomes = (face?.outcomes ?? []).map((o) =>
        o.name === (faceJudged ? "liveness" : "face") ? { ...o, detail: `${o.detail} ${note}` } : o,
      );
      const outcomes = [...recording, ...faceOutcomes];
      const firstFailure = outcomes.find((o) => !o.passed);
      const result: VerifyResult = {
        passed: firstFailure === undefined,
        code: firstFailure?.failCode ?? VERIFY_CODES.passed,
        liveRate,
        checks: outcomes.map(toCheck),
      };
      // willCode covers only what was checked for the consent: that it was recorded with sound.
      if (audio) result.willCode = audio.failCode;
      if (face?.ran) result.faceCode = faceOutcomes.find((o) => !o.passed)?.failCode ?? VERIFY_CODES.passed;
      return result;
    },
  };
}
