/**
 * Waiting for the verdict on an accepted attempt, with a scripted service and fake timers:
 * the long polls it makes, the steps it reports, how it rides out lost answers without
 * ever sending the recording again, and where it gives up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AttemptOutcome, AttemptState } from "../../schemas/api";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { ApiError } from "../../src/api/apiError";
import { UNMAPPED_API_ERROR_STAT } from "../../src/api/screenForApiError";
import { awaitVerdict, retryDelay, VERDICT_WAIT_LIMITS, type AcceptedAttempt, type AwaitVerdictInput, type VerifyProgress } from "../../src/capture/awaitVerdict";

const PASSED: AttemptOutcome = { passed: true, code: "0", finished: true, attemptsLeft: 2, checks: [] };
const verifying = (step: Extract<AttemptState, { state: "verifying" }>["step"], progress: number, attempt = 1): AttemptState => ({ state: "verifying", attempt, step, progress });
const judged = (outcome: AttemptOutcome = PASSED, attempt = 1): AttemptState => ({ state: "judged", attempt, outcome });

/** An answer of the scripted service: a state, a failure, or no answer at all (ignores its signal). */
type Answer = AttemptState | ApiError | "hang" | { after: number; answer: AttemptState };

function scriptedService(answers: Answer[]) {
  const calls: { attempt: number; waitMs: number; at: number; shown: VerifyProgress | undefined }[] = [];
  const upload = vi.fn();
  const attemptState = vi.fn(async (attempt: number, waitMs: number, _signal?: AbortSignal, shown?: VerifyProgress) => {
    calls.push({ attempt, waitMs, at: Date.now(), shown });
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`poll ${calls.length} has no scripted answer`);
    if (answer === "hang") return new Promise<AttemptState>(() => undefined);
    if (answer instanceof ApiError) throw answer;
    if ("after" in answer) {
      await new Promise((resolve) => setTimeout(resolve, answer.after));
      return answer.answer;
    }
    return answer;
  });
  return { api: { attemptState, upload }, calls };
}

function run(accepted: AcceptedAttempt, answers: Answer[], extra: Partial<AwaitVerdictInput> = {}) {
  const service = scriptedService(answers);
  const progress: VerifyProgress[] = [];
  const stats = createStatsRecorder(() => 0);
  const result = awaitVerdict({
    api: service.api,
    accepted,
    onProgress: (p) => progress.push(p),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    stats,
    ...extra,
  });
  return { result, progress, service, stats };
}

/** Runs fake time until `promise` settles (bounded, so a hang fails the test instead of the suite). */
async function settle<T>(promise: Promise<T>, maxMs = 600_000): Promise<T> {
  let done = false;
  void promise.finally(() => (done = true));
  for (let spent = 0; !done && spent < maxMs; spent += 250) await vi.advanceTimersByTimeAsync(250);
  expect(done).toBe(true);
  return promise;
}

const network = () => new ApiError(0, "NETWORK_ERROR", "connection reset");

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("awaitVerdict", () => {
  it("an upload answered with a verdict (the same recording judged before) needs no poll", async () => {
    const { result, service, progress } = run(judged(), []);
    expect(await result).toEqual({ ok: true, outcome: PASSED, polls: 0 });
    expect(service.calls).toEqual([]);
    expect(progress).toEqual([]);
  });

  it("long-polls the accepted attempt, reporting every step, until judged", async () => {
    const { result, service, progress } = run(verifying("queued", 0), [
      { after: 1_000, answer: verifying("decoding", 0.2) },
      { after: 3_000, answer: verifying("analysing", 0.6) },
      { after: 2_000, answer: verifying("deciding", 0.95) },
      { after: 500, answer: judged() },
    ]);
    expect(await settle(result)).toEqual({ ok: true, outcome: PASSED, polls: 4 });
    expect(progress).toEqual([
      { step: "queued", progress: 0 },
      { step: "decoding", progress: 0.2 },
      { step: "analysing", progress: 0.6 },
      { step: "deciding", progress: 0.95 },
    ]);
    expect(service.calls.map((c) => [c.attempt, c.waitMs])).toEqual([
      [1, 20_000],
      [1, 20_000],
      [1, 20_000],
      [1, 20_000],
    ]);
    // Each poll says where the last answer left the attempt, so a job already further answers at once.
    expect(service.calls.map((c) => c.shown)).toEqual([
      { step: "queued", progress: 0 },
      { step: "decoding", progress: 0.2 },
      { step: "analysing", progress: 0.6 },
      { step: "deciding", progress: 0.95 },
    ]);
  });

  it("an attempt known only by its number (stream, reload) first asks where it stands without waiting", async () => {
    const { result, service, progress } = run({ state: "accepted", attempt: 3 }, [verifying("analysing", 0.5, 3), judged(PASSED, 3)]);
    expect(await settle(result)).toMatchObject({ ok: true });
    expect(service.calls.map((c) => c.waitMs)).toEqual([0, 20_000]);
    expect(service.calls.map((c) => c.shown)).toEqual([undefined, { step: "analysing", progress: 0.5 }]);
    expect(progress).toEqual([{ step: "analysing", progress: 0.5 }]);
  });

  it("rides out lost answers, 5xx and 429 with a bounded backoff, never sending the recording again", async () => {
    const { result, service } = run(verifying("queued", 0), [
      network(),
      new ApiError(502, "BAD_RESPONSE", "HTTP 502 without an error body"),
      new ApiError(429, "RATE_LIMITED", "slow down"),
      network(),
      network(),
      verifying("decoding", 0.3),
      network(),
      judged(),
    ]);
    expect(await settle(result)).toMatchObject({ ok: true, outcome: PASSED });
    const gaps = service.calls.slice(1).map((c, i) => c.at - service.calls[i]!.at);
    // 1 s, doubling, capped at 8 s; after an answer the count starts again.
    expect(gaps.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(gaps[6]).toBe(1_000);
    expect(service.calls.every((c) => c.attempt === 1)).toBe(true);
    expect(service.api.upload).not.toHaveBeenCalled();
  });

  it("a poll without any answer is given up after its wait plus a grace, and asked again", async () => {
    const { result, service } = run(verifying("queued", 0), ["hang", judged()]);
    expect(await settle(result)).toMatchObject({ ok: true });
    expect(service.calls[1]!.at - service.calls[0]!.at).toBe(VERDICT_WAIT_LIMITS.longPollMs + VERDICT_WAIT_LIMITS.requestGraceMs + 1_000);
  });

  it("does not spin on a service that answers at once", async () => {
    const { result, service } = run(verifying("queued", 0), [verifying("queued", 0), verifying("queued", 0), judged()]);
    await settle(result);
    expect(service.calls.map((c) => c.at)).toEqual([0, 500, 1_000]);
  });

  it("gives up after the total bound: a service still verifying is the service timeout, no answers a very poor network", async () => {
    const slow = run(verifying("queued", 0), Array.from({ length: 20 }, () => ({ after: 20_000, answer: verifying("analysing", 0.5) })));
    const late = await settle(slow.result);
    expect(late).toMatchObject({ ok: false, reason: "timeout", status: "trtc_serviceError" });
    expect(Date.now()).toBe(VERDICT_WAIT_LIMITS.maxTotalMs);

    vi.setSystemTime(0);
    const offline = run(verifying("queued", 0), Array.from({ length: 100 }, network));
    const lost = await settle(offline.result);
    expect(lost).toMatchObject({ ok: false, reason: "timeout", status: "seniorTimeout" });
    if (!lost.ok && lost.reason === "timeout") expect(lost.detail).toContain("NETWORK_ERROR");
  });

  it("never asks for a longer wait than the time left", async () => {
    const { result, service } = run(verifying("queued", 0), [{ after: 20_000, answer: verifying("queued", 0) }, { after: 5_000, answer: verifying("queued", 0) }], {
      limits: { maxTotalMs: 25_000 },
    });
    expect(await settle(result)).toMatchObject({ reason: "timeout" });
    expect(service.calls.map((c) => c.waitMs)).toEqual([20_000, 5_000]);
  });

  it("an attempt the service does not know ends the wait (404), as does any other refusal", async () => {
    const unknown = await run(verifying("queued", 0), [new ApiError(404, "ATTEMPT_NOT_FOUND", "nothing to verify")]).result;
    expect(unknown).toMatchObject({ ok: false, reason: "unknownAttempt", status: "serverIdNotFundException" });
    const expired = await run(verifying("queued", 0), [new ApiError(401, "SESSION_INVALID", "expired")]).result;
    expect(expired).toMatchObject({ ok: false, reason: "refused", status: "401Exception" });
    const other = await run(verifying("queued", 0), [verifying("queued", 0, 2)]).result;
    expect(other).toMatchObject({ ok: false, reason: "refused", status: "exception" });
    const newer = run(verifying("queued", 0), [new ApiError(409, "SOMETHING_NEWER", "from a newer service")]);
    expect(await newer.result).toMatchObject({ ok: false, reason: "refused", status: "exception" });
    expect(newer.stats.pending().map((e) => e.name)).toEqual([UNMAPPED_API_ERROR_STAT]);
  });

  it("stops when the page goes away, also in the middle of a poll", async () => {
    const controller = new AbortController();
    const { result, service } = run(verifying("queued", 0), ["hang"], { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(3_000);
    controller.abort();
    expect(await result).toEqual({ ok: false, reason: "aborted" });
    expect(service.calls).toHaveLength(1);
  });

  it("backs off by doubling up to its cap", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(VERDICT_WAIT_LIMITS, n))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });
});
