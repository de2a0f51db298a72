/**
 * What the modified client sends for one attempt, and the small shared pieces every family
 * uses to make it: the prompts an honest page would report for the order's mode, and the
 * light times it would report for a sequence shown from `startMs`.
 */
import type { CapturePrompt } from "../../schemas/api";
import type { LightChallenge, LightShown } from "../../schemas/lightChallenge";
import { lightTimeline } from "../../tests/fixtures/synth/subjectFrame";
import type { SubjectAction } from "../../tests/fixtures/synth/subjectScript";
import { streamFrames, uploadRecording, type ActionCode, type AttackMode, type OpenAttempt, type Verdict } from "./attemptClient";
import { containerOfFile, mimeTypeOf } from "./mediaTools";
import { readFile } from "node:fs/promises";
import * as z from "zod/mini";
import { captureFileSchema } from "../../schemas/capture";
import { readFlowJson } from "../flowFiles";

export type Submission =
  | { kind: "upload"; file: string; durationMs: number; prompts: CapturePrompt[]; light: LightShown }
  | { kind: "stream"; frames: Buffer[]; fps: number; light: LightShown };

export const ACTION_NAMES: Record<ActionCode, SubjectAction> = { "1": "shake", "2": "blink", "3": "mouth", "4": "nod" };

/** Frames a second of every made recording and stream: the service's light and lip checks sample at 15. */
export const MEDIA_FPS = 15;

/**
 * Action mode shows the light (flows/checks.json), and the page holds its first action prompt for
 * this lead-in while the head is still (capture.json `ours.actionLightLeadMs`, recordingPlan.ts),
 * its window longer by as much.
 */
export const ACTION_LEAD_MS = z.parse(captureFileSchema, readFlowJson("flows/capture.json")).durationMs.ours.actionLightLeadMs;

/** Recording length per mode: inside each mode's duration window (flows/capture.json) with room to spare. */
export function secondsFor(mode: AttackMode, actions: readonly ActionCode[]): number {
  if (mode === "action") return (actions.length > 1 ? 4.6 : 2.8) + ACTION_LEAD_MS / 1000;
  return 4;
}

/** When the page put each action prompt up, and when a person (or a warp) starts to act on it. */
export function actionTimes(actions: readonly ActionCode[]): { prompt: number; act: number }[] {
  // One action: prompt after the lead-in (0.3 s later than the page's, a busy page), acted
  // 0.15-0.6 s later (a person's reaction time varies that much); two: the second prompt after
  // the first action ended.
  return actions.map((_, i) => ({ prompt: ACTION_LEAD_MS + 300 + i * 2100, act: ACTION_LEAD_MS + 450 + i * 2100 + Math.round(Math.random() * 450) }));
}

/** The prompts an honest page reports for `mode`. */
export function promptsFor(mode: AttackMode, actions: readonly ActionCode[]): CapturePrompt[] {
  if (mode === "number") return [{ what: "digits", atMs: 0 }];
  if (mode === "will") return [{ what: "question", atMs: 0 }];
  if (mode === "action") return actionTimes(actions).map((t, i) => ({ what: "action", action: actions[i] as ActionCode, atMs: t.prompt }));
  return [];
}

/** The page starts the light a moment after the recorder: 150-400 ms. */
export const lightStartMs = (): number => 150 + Math.round(Math.random() * 250);

/** The light times an honest page reports for `challenge` shown from `startMs` in a `seconds` recording. */
export function lightShownFor(challenge: LightChallenge | null, startMs: number, seconds: number): LightShown {
  if (challenge === null) return [];
  return lightTimeline(challenge, startMs).shown.filter((s) => s.atMs < seconds * 1000);
}

/**
 * The frame stream is timed by the frames' arrival on the service and may last no longer than
 * the mode's maximum (silent 5 s + 300 ms); a busy machine delays arrivals, so a silent stream
 * sends 3.5 s at most. Action recordings are already as short as their actions allow.
 */
const SILENT_STREAM_SECONDS = 3.5;

/** A stream submission of `frames` at MEDIA_FPS (cut short in silent mode), with the light times that fall inside it. */
export function streamOf(frames: readonly Buffer[], light: LightShown, mode: AttackMode): Submission {
  const seconds = mode === "action" ? frames.length / MEDIA_FPS : SILENT_STREAM_SECONDS;
  return { kind: "stream", frames: frames.slice(0, Math.round(seconds * MEDIA_FPS)), fps: MEDIA_FPS, light: light.filter((s) => s.atMs < seconds * 1000) };
}

/** Sends the submission as `attempt`'s recording or stream and waits for the verdict. */
export async function submit(base: string, attempt: OpenAttempt, submission: Submission): Promise<Verdict> {
  if (submission.kind === "stream") return streamFrames(base, attempt, submission.frames, submission.fps, submission.light);
  return uploadRecording(attempt, await readFile(submission.file), {
    durationMs: submission.durationMs,
    mimeType: mimeTypeOf(containerOfFile(submission.file)),
    prompts: submission.prompts,
    light: submission.light,
  });
}
