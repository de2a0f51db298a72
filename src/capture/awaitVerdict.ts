/**
 * Waiting for the service's verdict on an attempt it accepted (an upload, or a frame stream
 * that ended). The service verifies off the request path (DESIGN.md "Verification is
 * CPU-heavy work"), so the page follows the attempt with the long poll
 * `GET /api/v1/attempts/:attempt?waitMs=N` and shows each step it reports, until judged;
 * each poll says where the last answer left the attempt, so a job already further answers at once.
 *
 * The attempt is already the service's: nothing here sends the recording again. A poll that
 * got no answer (offline, a proxy timing out, 5xx, 429) is asked again after a bounded
 * backoff; any other refusal ends the wait with its error screen. The whole wait is bounded
 * too, so a page never spins for ever. No React, and time comes from the caller (sleep, now),
 * so tests drive it with fake timers.
 *
 * @example
 * const verdict = await awaitVerdict({ api, accepted: await api.upload(meta, video), onProgress: show, sleep, now: () => performance.now(), stats: rt.stats });
 * if (verdict.ok) await settleAttempt({ api, outcome: verdict.outcome, storage, stats: rt.stats });
 */
import type { AttemptOutcome, AttemptState, VerifyStep } from "../../schemas/api";
import type { ErrorStatus } from "../../schemas/errors";
import type { StatsRecorder } from "../analytics/statsRecorder";
import { ApiError, CLIENT_ERROR_CODES } from "../api/apiError";
import { screenForApiError } from "../api/screenForApiError";
import type { ApiClient } from "../api/client";
import { isRetryable } from "./uploadRecording";

/** The numbers of one wait. The defaults are VERDICT_WAIT_LIMITS; tests shorten them. */
interface VerdictWaitLimits {
  /** waitMs of one long poll. */
  longPollMs: number;
  /** A poll with no answer this long after its waitMs counts as lost and is asked again. */
  requestGraceMs: number;
  /** Wait after the first failed poll in a row, doubled for each further one... */
  retryBaseMs: number;
  /** ...up to this. */
  maxRetryDelayMs: number;
  /** Least time between the starts of two polls, so a service answering at once cannot make the page spin. */
  minPollGapMs: number;
  /** The page gives up after this long in all. */
  maxTotalMs: number;
}

export const VERDICT_WAIT_LIMITS: VerdictWaitLimits = {
  // Under the service's cap (25 s) and under the 30 s idle timeout common in proxies and in-app browsers.
  longPollMs: 20_000,
  requestGraceMs: 10_000,
  retryBaseMs: 1_000,
  maxRetryDelayMs: 8_000,
  minPollGapMs: 500,
  // Beyond the service's own worst case, so the page does not give up on a verdict still coming:
  // a job may be tried 3 times for 60 s each (capture.json verification.jobs) after waiting its turn.
  maxTotalMs: 240_000,
};

/** An attempt the service took on: its whole answer (upload), or only its number (stream, reload). */
export type AcceptedAttempt = AttemptState | { state: "accepted"; attempt: number };

/** What the page shows while the service verifies. */
export interface VerifyProgress {
  step: VerifyStep;
  /** 0..1 of the service's work. */
  progress: number;
}

export interface AwaitVerdictInput {
  api: Pick<ApiClient, "attemptState">;
  accepted: AcceptedAttempt;
  /** Told each state the service reports while verifying (the first one as well). */
  onProgress(progress: VerifyProgress): void;
  sleep(ms: number): Promise<void>;
  /** Milliseconds on a monotonic clock (performance.now in the browser). */
  now(): number;
  /** Aborted when the page goes away: the wait ends with "aborted". */
  signal?: AbortSignal;
  limits?: Partial<VerdictWaitLimits>;
  /** Counts a refusal code with no screen (screenForApiError). */
  stats: Pick<StatsRecorder, "record">;
}

type AwaitVerdictResult =
  | { ok: true; outcome: AttemptOutcome; polls: number }
  /** The service refused to say (session expired, order over, ...): its error screen. */
  | { ok: false; reason: "refused"; status: ErrorStatus; detail: string }
  /** The service does not know this attempt for this session (404). */
  | { ok: false; reason: "unknownAttempt"; status: ErrorStatus; detail: string }
  /** No verdict within limits.maxTotalMs. */
  | { ok: false; reason: "timeout"; status: ErrorStatus; detail: string }
  | { ok: false; reason: "aborted" };

/**
 * Screens of a wait given up (spec §8): the page could not reach the service for minutes,
 * which the catalogue calls a very poor network (seniorException is a single lost answer);
 * or the service kept answering "verifying", which is the service being slow — the
 * catalogue's service timeout. Not uploadVideoException: the upload itself went through,
 * and saying "upload failed, record again" would be untrue.
 */
const GIVE_UP_STATUS = {
  network: "seniorTimeout",
  service: "trtc_serviceError",
} as const satisfies Record<string, ErrorStatus>;

/** The 404 of an attempt the service does not know: the catalogue's "uploaded video not found". */
const UNKNOWN_ATTEMPT_STATUS: ErrorStatus = "serverIdNotFundException";

/** Wait before retry number `failures` (1-based): base, doubling, capped. */
export function retryDelay(limits: Pick<VerdictWaitLimits, "retryBaseMs" | "maxRetryDelayMs">, failures: number): number {
  return Math.min(limits.maxRetryDelayMs, limits.retryBaseMs * 2 ** Math.max(0, failures - 1));
}

/** One long poll, given up as lost (a network failure) when it outlasts `timeoutMs`; `shown`: the last state the service reported. */
async function poll(input: AwaitVerdictInput, attempt: number, waitMs: number, timeoutMs: number, shown: VerifyProgress | null): Promise<AttemptState> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort();
  input.signal?.addEventListener("abort", onOuterAbort, { once: true });
  let timedOut = false;
  // Rejects when the request is abandoned, even by a client that does not honour its signal.
  const abandoned = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => {
      reject(
        timedOut && !input.signal?.aborted
          ? new ApiError(0, CLIENT_ERROR_CODES.network, `no answer within ${timeoutMs} ms`)
          : new ApiError(0, CLIENT_ERROR_CODES.aborted, "wait aborted"),
      );
    });
  });
  abandoned.catch(() => undefined);
  void input.sleep(timeoutMs).then(() => {
    timedOut = true;
    controller.abort();
  });
  try {
    return await Promise.race([input.api.attemptState(attempt, waitMs, controller.signal, shown ?? undefined), abandoned]);
  } catch (error) {
    // The client reports its own abort as ABORTED; ours for a lost answer is a network failure.
    if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.aborted && timedOut && !input.signal?.aborted) {
      throw new ApiError(0, CLIENT_ERROR_CODES.network, `no answer within ${timeoutMs} ms`);
    }
    throw error;
  } finally {
    // The timer may still fire later; aborting a settled request does nothing.
    input.signal?.removeEventListener("abort", onOuterAbort);
  }
}

/** Follow an accepted attempt until the service judged it, reporting its steps. */
export async function awaitVerdict(input: AwaitVerdictInput): Promise<AwaitVerdictResult> {
  const limits: VerdictWaitLimits = { ...VERDICT_WAIT_LIMITS, ...input.limits };
  const { attempt } = input.accepted;
  const deadline = input.now() + limits.maxTotalMs;
  let polls = 0;
  let failuresInRow = 0;
  let lastProblem = "";
  /** Known only by number (stream, reload): the first poll asks where it stands without waiting. */
  let knowsStep = input.accepted.state !== "accepted";

  /** What the service said last: the poll tells it, so a job already further answers at once. */
  let shown: VerifyProgress | null = null;

  if (input.accepted.state === "judged") return { ok: true, outcome: input.accepted.outcome, polls };
  if (input.accepted.state === "verifying") {
    shown = { step: input.accepted.step, progress: input.accepted.progress };
    input.onProgress(shown);
  }

  for (;;) {
    if (input.signal?.aborted) return { ok: false, reason: "aborted" };
    const remaining = deadline - input.now();
    if (remaining <= 0) {
      const status = failuresInRow > 0 ? GIVE_UP_STATUS.network : GIVE_UP_STATUS.service;
      const why = failuresInRow > 0 ? `${failuresInRow} polls in a row failed; last: ${lastProblem}` : "the service was still verifying";
      return { ok: false, reason: "timeout", status, detail: `no verdict for attempt ${attempt} after ${limits.maxTotalMs} ms: ${why}` };
    }
    const waitMs = knowsStep ? Math.min(limits.longPollMs, remaining) : 0;
    const startedAt = input.now();
    polls += 1;
    let answer: AttemptState;
    try {
      answer = await poll(input, attempt, waitMs, waitMs + limits.requestGraceMs, shown);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (input.signal?.aborted || error.code === CLIENT_ERROR_CODES.aborted) return { ok: false, reason: "aborted" };
      const detail = `HTTP ${error.status} ${error.code}: ${error.message}`;
      if (error.status === 404) return { ok: false, reason: "unknownAttempt", status: UNKNOWN_ATTEMPT_STATUS, detail };
      if (!isRetryable(error)) return { ok: false, reason: "refused", status: screenForApiError(error, { stats: input.stats }), detail };
      failuresInRow += 1;
      lastProblem = detail;
      // Never past the deadline: the loop then gives up at once instead of sleeping on.
      await input.sleep(Math.min(retryDelay(limits, failuresInRow), Math.max(0, deadline - input.now())));
      continue;
    }
    if (answer.attempt !== attempt) {
      return { ok: false, reason: "refused", status: "exception", detail: `asked for attempt ${attempt}, the service answered for ${answer.attempt}` };
    }
    failuresInRow = 0;
    knowsStep = true;
    if (answer.state === "judged") return { ok: true, outcome: answer.outcome, polls };
    shown = { step: answer.step, progress: answer.progress };
    input.onProgress(shown);
    const spent = input.now() - startedAt;
    if (spent < limits.minPollGapMs) await input.sleep(limits.minPollGapMs - spent);
  }
}
