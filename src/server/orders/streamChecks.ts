/**
 * Judging a finished frame stream (`/action/ws/record` mode). The Verifier contract judges a
 * recording file; a stream is a sequence of JPEG frames the socket already checked one by
 * one (complete JPEG, size, rate), so what is left to judge is the whole: enough frames, a
 * duration inside the mode's window, a plausible frame rate, and the challenge issued.
 * A stream carries no sound, so will mode (spoken consent) cannot pass over it.
 * Failure codes are the default verifier's (media/verifyCodes.ts), so they read the same.
 */
import type { VerifyCheck } from "../../../schemas/api";
import type { ServerLimits } from "../limits";
import { durationRangeFor, type RecordingKind } from "../media/captureLimits";
import { VERIFY_CODES, type VerifyCode } from "../media/verifyCodes";
import type { StreamSummary } from "../stream/streamContract";
import type { Verdict } from "./verdict";

export const STREAM_VERIFIER_NAME = "faceflow-stream-checks";

interface Outcome extends VerifyCheck {
  failCode: VerifyCode;
}

const ok = (name: string, detail: string): Outcome => ({ name, passed: true, detail, failCode: VERIFY_CODES.passed });
const no = (name: string, failCode: VerifyCode, detail: string): Outcome => ({ name, passed: false, detail, failCode });

function checkDuration(summary: StreamSummary, kind: RecordingKind, limits: ServerLimits): Outcome {
  const range = durationRangeFor(limits, kind);
  const tolerance = limits.durationMs.toleranceMs;
  const d = summary.durationMs;
  if (d <= 0) return no("duration", VERIFY_CODES.durationTooShort, "Fewer than two frames: no duration.");
  if (range !== null && d < range.min - tolerance) {
    return no("duration", VERIFY_CODES.durationTooShort, `${d} ms of frames, at least ${range.min} ms (±${tolerance}) needed.`);
  }
  if (range !== null && range.max !== null && d > range.max + tolerance) {
    return no("duration", VERIFY_CODES.durationTooLong, `${d} ms of frames, at most ${range.max} ms (±${tolerance}) allowed.`);
  }
  return ok("duration", `${d} ms between the first and last frame, as timed by the service.`);
}

function checkFrameRate(summary: StreamSummary, limits: ServerLimits): Outcome {
  const { min, max } = limits.frameRate;
  if (summary.frames < 2) return no("videoFrames", VERIFY_CODES.noVideoFrames, `${summary.frames} frames received.`);
  if (summary.avgFps < min || summary.avgFps > max) {
    return no("videoFrames", VERIFY_CODES.implausibleFrameRate, `${summary.frames} frames at ${summary.avgFps} fps, outside ${min}-${max} fps.`);
  }
  return ok(
    "videoFrames",
    `${summary.frames} complete JPEG frames (${summary.bytes} bytes) at ${summary.avgFps} fps. Not checked: what the frames show.`,
  );
}

function checkChallenge(kind: RecordingKind, digits: string | null): Outcome {
  if (kind.liveType === "1") {
    return digits
      ? ok("challenge", `Digits ${digits} were issued. Not checked: whether they were read (a frame stream has no sound).`)
      : no("challenge", VERIFY_CODES.digitsNotIssued, "Number mode, but no digits were issued for this attempt.");
  }
  if (kind.liveType === "2") {
    return kind.actions.length > 0
      ? ok("challenge", `Actions ${kind.actions.join(",")} were requested. Not checked: whether they were performed.`)
      : no("challenge", VERIFY_CODES.actionsNotIssued, "Action mode, but no actions were requested.");
  }
  return ok("challenge", "Silent mode requests no digits or actions.");
}

export function judgeStream(summary: StreamSummary, kind: RecordingKind, digits: string | null, limits: ServerLimits): Verdict {
  const outcomes = [
    checkFrameRate(summary, limits),
    checkDuration(summary, kind, limits),
    ...(kind.will ? [no("audioTrack", VERIFY_CODES.noAudioTrack, "Will mode needs the spoken consent; a frame stream carries no sound.")] : []),
    checkChallenge(kind, digits),
  ];
  const failure = outcomes.find((o) => !o.passed);
  return {
    passed: failure === undefined,
    code: failure?.failCode ?? VERIFY_CODES.passed,
    liveRate: Math.round((100 * outcomes.filter((o) => o.passed).length) / outcomes.length),
    willCode: kind.will ? VERIFY_CODES.noAudioTrack : null,
    verifier: STREAM_VERIFIER_NAME,
    checks: outcomes.map(({ name, passed, detail }) => ({ name, passed, detail })),
  };
}
