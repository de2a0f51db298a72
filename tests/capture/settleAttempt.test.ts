import { describe, expect, it } from "vitest";
import type { AttemptOutcome, ResultResponse } from "../../schemas/api";
import { storedValueSchemas } from "../../schemas/session";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { ApiError } from "../../src/api/apiError";
import { UNMAPPED_API_ERROR_STAT } from "../../src/api/screenForApiError";
import { resultValuesOf, settleAttempt } from "../../src/capture/settleAttempt";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";
import { returnValuesOf } from "../../src/ui/screens/ResultScreen";

const SIG = "a".repeat(64);
const NEW_SIG = "b".repeat(64);

function resultResponse(state: "passed" | "failed", payload: Partial<ResultResponse["payload"]> = {}): ResultResponse {
  return {
    orderNo: "ORDER-0001",
    state,
    returnUrl: "https://partner.example/back",
    redirectType: null,
    payload: { orderNo: "ORDER-0001", code: state === "passed" ? "0" : "66660004", signature: SIG, newSignature: NEW_SIG, h5faceId: "F-1", ...payload },
  };
}

const outcome = (o: Partial<AttemptOutcome>): AttemptOutcome => ({ passed: false, code: "1", finished: false, attemptsLeft: 2, checks: [], ...o });

function fakes(answer: ResultResponse | Error) {
  const writes: [string, unknown][] = [];
  let resultCalls = 0;
  return {
    writes,
    resultCalls: () => resultCalls,
    api: {
      async result() {
        resultCalls += 1;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    storage: { setJSON: (key: string, value: unknown) => void writes.push([key, value]) },
    stats: createStatsRecorder(() => 0),
  };
}

describe("settleAttempt: the order is over", () => {
  it("stores exactly the result-value fields of a passed will-mode result and goes to success", async () => {
    const f = fakes(resultResponse("passed", { liveRate: "97", willCode: "0", faceCode: "0", similarity: "88.5" }));
    const next = await settleAttempt({ api: f.api, outcome: outcome({ passed: true, finished: true, code: "0" }), storage: f.storage, stats: f.stats });
    expect(next).toEqual({ next: "success", canRetry: false });
    expect(f.writes).toEqual([
      ["resultValues", { code: "0", sign: SIG, newSign: NEW_SIG, liveRate: "97", willCode: "0", faceCode: "0", similarity: "88.5" }],
      ["noRetry", true],
    ]);
  });

  it("goes to fail without retry when the order failed, storing what there is and dropping empty and 'null' values", async () => {
    const f = fakes(resultResponse("failed", { liveRate: "", similarity: "null" }));
    const next = await settleAttempt({ api: f.api, outcome: outcome({ finished: true, attemptsLeft: 0 }), storage: f.storage, stats: f.stats });
    expect(next).toEqual({ next: "fail", canRetry: false });
    // noRetry: recording again cannot help; /fail itself carries no retry check, so its 完成 still hands the result back.
    expect(f.writes).toEqual([["resultValues", { code: "66660004", sign: SIG, newSign: NEW_SIG }], ["noRetry", true]]);
  });

  it("follows the result's state, not the attempt's", async () => {
    const f = fakes(resultResponse("failed"));
    expect(await settleAttempt({ api: f.api, outcome: outcome({ passed: true, finished: true }), storage: f.storage, stats: f.stats })).toEqual({
      next: "fail",
      canRetry: false,
    });
  });

  it("fetches the result for a pass even if the service did not say finished", async () => {
    const f = fakes(resultResponse("passed"));
    expect(await settleAttempt({ api: f.api, outcome: outcome({ passed: true, finished: false }), storage: f.storage, stats: f.stats })).toEqual({
      next: "success",
      canRetry: false,
    });
    expect(f.resultCalls()).toBe(1);
  });

  it("stores values the result page reads back and hands to the partner under the return-payload names", async () => {
    const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "launch-1" });
    const payload = resultResponse("passed", { liveRate: "97", checks: "media,duration,face" }).payload;
    const f = fakes(resultResponse("passed", { liveRate: "97", checks: "media,duration,face" }));
    await settleAttempt({ api: f.api, outcome: outcome({ passed: true, finished: true }), storage, stats: f.stats });
    const stored = storage.getParsed("resultValues", storedValueSchemas.resultValues);
    const handedBack = Object.fromEntries(Object.entries(returnValuesOf(stored)).filter(([, v]) => v !== undefined));
    expect(handedBack).toEqual({ code: payload.code, signature: payload.signature, newSignature: payload.newSignature, liveRate: "97", checks: "media,duration,face" });
  });

  it("maps a failed result fetch to its screen and stores nothing", async () => {
    const cases: [ApiError, string, number][] = [
      [new ApiError(409, "RESULT_PENDING", "not yet"), "exception", 0],
      [new ApiError(401, "SESSION_INVALID", "expired"), "401Exception", 0],
      [new ApiError(0, "NETWORK_ERROR", "offline"), "seniorException", 0],
      // A code without a screen shows the general error and is counted.
      [new ApiError(500, "SOMETHING_NEWER", "unknown to this build"), "exception", 1],
    ];
    for (const [error, status, counted] of cases) {
      const f = fakes(error);
      expect(await settleAttempt({ api: f.api, outcome: outcome({ finished: true }), storage: f.storage, stats: f.stats })).toEqual({ next: "error", status });
      expect(f.writes).toEqual([]);
      expect(f.stats.pending().filter((e) => e.name === UNMAPPED_API_ERROR_STAT)).toHaveLength(counted);
    }
  });

  it("on a phone continuing a desktop's check (refused the result, HANDOFF_PHONE) goes to its result page with the verdict and stores no result values, only that it is over", async () => {
    for (const passed of [true, false]) {
      const f = fakes(new ApiError(403, "HANDOFF_PHONE", "the computer finishes"));
      expect(await settleAttempt({ api: f.api, outcome: outcome({ passed, finished: true }), storage: f.storage, stats: f.stats })).toEqual({ next: passed ? "success" : "fail", canRetry: false });
      expect(f.writes).toEqual([["noRetry", true]]);
    }
  });

  it("lets a programming error through", async () => {
    const f = fakes(new TypeError("bug"));
    await expect(settleAttempt({ api: f.api, outcome: outcome({ finished: true }), storage: f.storage, stats: f.stats })).rejects.toThrow(TypeError);
  });
});

describe("settleAttempt: the order goes on", () => {
  it("fails with a retry while attempts are left, without fetching or storing anything", async () => {
    const f = fakes(new Error("result must not be fetched"));
    expect(await settleAttempt({ api: f.api, outcome: outcome({ attemptsLeft: 1 }), storage: f.storage, stats: f.stats })).toEqual({
      next: "fail",
      canRetry: true,
    });
    expect(f.resultCalls()).toBe(0);
    expect(f.writes).toEqual([]);
  });

  it("fails without a retry and sets noRetry when no attempt is left", async () => {
    const f = fakes(new Error("result must not be fetched"));
    expect(await settleAttempt({ api: f.api, outcome: outcome({ attemptsLeft: 0 }), storage: f.storage, stats: f.stats })).toEqual({
      next: "fail",
      canRetry: false,
    });
    expect(f.writes).toEqual([["noRetry", true]]);
    expect(f.resultCalls()).toBe(0);
  });
});

describe("resultValuesOf", () => {
  it("renames the signatures, keeps code, and leaves out orderNo and h5faceId", () => {
    expect(resultValuesOf(resultResponse("passed").payload)).toEqual({ code: "0", sign: SIG, newSign: NEW_SIG });
  });
});
