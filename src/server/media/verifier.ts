/**
 * Deciding whether a recording passes is pluggable (DESIGN.md "The verification service"):
 * the service calls a Verifier and signs what it returns. The default verifier makes only
 * the checks it can really make from the bytes and the attempt record, and each check's
 * detail says what was checked and what was not. It does no face detection, face comparison,
 * liveness analysis or speech recognition, so it never reports faceCode or similarity.
 */
import type { ProbeResult } from "./probe";
import { durationRangeFor, sizeRangeFor, type LiveType, type Platform, type VerifierLimits } from "./captureLimits";
import { VERIFY_CODES, type VerifyCode } from "./verifyCodes";

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
  /** Percentage (0-100, whole number) of this verifier's checks that passed. */
  liveRate: number;
  willCode?: string;
  faceCode?: string;
  similarity?: number;
  checks: VerifyCheck[];
}

export interface Verifier {
  /** Recorded with each attempt so a result can be traced to what judged it. */
  name: string;
  verify(input: VerifyInput): Promise<VerifyResult>;
}

/** One check's outcome; `failCode` is the code reported when it is the first failure. */
interface Outcome extends VerifyCheck {
  failCode: VerifyCode;
}

const pass = (name: string, detail: string): Outcome => ({ name, passed: true, detail, failCode: VERIFY_CODES.passed });
const failed = (name: string, failCode: VerifyCode, detail: string): Outcome => ({ name, passed: false, detail, failCode });

const ACTION_NAMES: Record<string, string> = { "1": "shake head", "2": "blink", "3": "open mouth", "4": "nod" };
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

function checkFrames(probe: ProbeResult, limits: VerifierLimits): Outcome {
  const notSeen = "Not checked: what the frames show (no face detection or liveness analysis).";
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

function checkChallenge(input: VerifyInput): Outcome {
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
    return pass(
      "challenge",
      `Actions ${named} were requested for this attempt and are recorded with it. Not checked: whether they were performed (no face or motion analysis).`,
    );
  }
  return pass("challenge", "Silent mode requests no digits or actions. Not checked: face presence or liveness.");
}

/** The default verifier over the limits of flows/capture.json. */
export function createDefaultVerifier(limits: VerifierLimits): Verifier {
  return {
    name: "faceflow-basic-checks",
    async verify(input) {
      const audio = input.will ? checkAudioTrack(input.probe) : null;
      const outcomes = [
        checkContainer(input.probe),
        checkDuration(input, limits),
        checkSize(input, limits),
        checkVideoTrack(input.probe),
        ...(audio ? [audio] : []),
        checkFrames(input.probe, limits),
        checkChallenge(input),
      ];
      const firstFailure = outcomes.find((o) => !o.passed);
      const passedCount = outcomes.filter((o) => o.passed).length;
      const result: VerifyResult = {
        passed: firstFailure === undefined,
        code: firstFailure?.failCode ?? VERIFY_CODES.passed,
        liveRate: Math.round((100 * passedCount) / outcomes.length),
        checks: outcomes.map(({ name, passed, detail }) => ({ name, passed, detail })),
      };
      // willCode covers only what was checked for the consent: that it was recorded with sound.
      if (audio) result.willCode = audio.failCode;
      return result;
    },
  };
}
