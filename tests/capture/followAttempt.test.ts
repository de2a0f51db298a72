/**
 * Following an accepted attempt to the next page: the attempt is kept as pending in the
 * launch's storage while the service verifies it (a reload resumes), forgotten once judged
 * or refused, and the verdict settled as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AttemptOutcome, AttemptState, ResultResponse } from "../../schemas/api";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { ApiError } from "../../src/api/apiError";
import { followAttempt } from "../../src/capture/followAttempt";
import { forgetPendingAttempt, pendingAttemptOf, rememberPendingAttempt } from "../../src/capture/pendingAttempt";
import { createKycStorage, createMemoryBackend, type KycStorage } from "../../src/session/storage";

const PASSED: AttemptOutcome = { passed: true, code: "0", finished: true, attemptsLeft: 2, checks: [] };
const RESULT: ResultResponse = {
  orderNo: "ORDER-0001",
  state: "passed",
  returnUrl: "https://partner.example/back",
  redirectType: null,
  payload: { orderNo: "ORDER-0001", code: "0", signature: "a".repeat(64), newSignature: "b".repeat(64) },
};

function setUp(answers: (AttemptState | Error)[], onPoll: (storage: KycStorage) => void = () => undefined) {
  const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c1" });
  const api = {
    attemptState: vi.fn(async () => {
      onPoll(storage);
      const answer = answers.shift();
      if (answer === undefined) throw new Error("no scripted answer");
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    result: vi.fn(async () => RESULT),
  };
  const follow = (accepted: Parameters<typeof followAttempt>[0]["accepted"], signal?: AbortSignal) =>
    followAttempt({
      api,
      storage,
      stats: createStatsRecorder(() => 0),
      accepted,
      onProgress: () => undefined,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => Date.now(),
      ...(signal ? { signal } : {}),
    });
  return { storage, api, follow };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("followAttempt", () => {
  it("keeps the attempt pending while the service verifies, forgets it once judged, and settles the verdict", async () => {
    const seen: (number | null)[] = [];
    const { storage, api, follow } = setUp([{ state: "judged", attempt: 2, outcome: PASSED }], (s) => seen.push(pendingAttemptOf(s)?.attempt ?? null));
    const next = follow({ state: "verifying", attempt: 2, step: "queued", progress: 0 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await next).toEqual({ next: "success", canRetry: false });
    expect(seen).toEqual([2]);
    expect(pendingAttemptOf(storage)).toBeNull();
    expect(api.result).toHaveBeenCalledTimes(1);
    expect(storage.keys()).toEqual(expect.arrayContaining(["resultValues", "noRetry"]));
  });

  it("a page that goes away keeps the attempt, so coming back resumes the wait", async () => {
    const { storage, follow } = setUp([]);
    const controller = new AbortController();
    controller.abort();
    expect(await follow({ state: "verifying", attempt: 4, step: "decoding", progress: 0.1 }, controller.signal)).toEqual({ next: "aborted" });
    expect(pendingAttemptOf(storage)).toEqual({ attempt: 4 });
  });

  it("an attempt the service does not know is forgotten and reported as such", async () => {
    const { storage, follow } = setUp([new ApiError(404, "ATTEMPT_NOT_FOUND", "not this session's")]);
    rememberPendingAttempt(storage, 7);
    expect(await follow({ state: "accepted", attempt: 7 })).toEqual({ next: "unknownAttempt", status: "serverIdNotFundException" });
    expect(pendingAttemptOf(storage)).toBeNull();
  });

  it("a refusal or a wait given up shows its error screen and forgets the attempt", async () => {
    const refused = setUp([new ApiError(401, "SESSION_INVALID", "expired")]);
    expect(await refused.follow({ state: "accepted", attempt: 1 })).toEqual({ next: "error", status: "401Exception" });
    expect(pendingAttemptOf(refused.storage)).toBeNull();

    const offline = setUp(Array.from({ length: 200 }, () => new ApiError(0, "NETWORK_ERROR", "offline")));
    const next = offline.follow({ state: "verifying", attempt: 1, step: "queued", progress: 0 });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(await next).toEqual({ next: "error", status: "seniorTimeout" });
    expect(pendingAttemptOf(offline.storage)).toBeNull();
  });
});

describe("the stored pending attempt", () => {
  it("is parsed on the way in and out; a tampered value counts as none", () => {
    const corrupt: string[] = [];
    const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c1", onCorrupt: (key) => corrupt.push(key) });
    expect(pendingAttemptOf(storage)).toBeNull();
    rememberPendingAttempt(storage, 3);
    expect(pendingAttemptOf(storage)).toEqual({ attempt: 3 });
    expect(() => rememberPendingAttempt(storage, 0)).toThrow();
    storage.setJSON("pendingAttempt", { attempt: "3" });
    expect(pendingAttemptOf(storage)).toBeNull();
    expect(corrupt).toEqual(["pendingAttempt"]);
    forgetPendingAttempt(storage);
    expect(storage.keys()).toEqual([]);
  });
});
