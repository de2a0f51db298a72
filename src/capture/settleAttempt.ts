/**
 * What happens after the service judged an attempt (the verdict followAttempt waited for): where
 * the flow goes next, and what is stored so the result page can hand the signed result
 * back to the partner (spec §3 "Result values", §4 "Finish").
 *
 * The result values are stored before the flow moves on, because the result page's 完成
 * button (src/ui/screens/ResultScreen.tsx) reads them from storage, also after a reload.
 */
import type { AttemptOutcome, ResultResponse } from "../../schemas/api";
import type { ErrorStatus } from "../../schemas/errors";
import { storedValueSchemas, type ResultValues, type StoredKey } from "../../schemas/session";
import type { StatsRecorder } from "../analytics/statsRecorder";
import { API_ERROR_CODES } from "../../schemas/apiCodes";
import { ApiError } from "../api/apiError";
import { screenForApiError } from "../api/screenForApiError";
import type { ApiClient } from "../api/client";
import type { KycStorage } from "../session/storage";

interface SettleAttemptInput {
  api: Pick<ApiClient, "result">;
  outcome: AttemptOutcome;
  storage: Pick<KycStorage, "setJSON">;
  /** Counts a refusal code with no screen (screenForApiError). */
  stats: Pick<StatsRecorder, "record">;
}

export type SettleAttemptResult =
  | { next: "success" | "fail"; canRetry: boolean }
  | { next: "error"; status: ErrorStatus };

const RESULT_VALUES_KEY = "resultValues" satisfies StoredKey;
const NO_RETRY_KEY = "noRetry" satisfies StoredKey;

/** Spec §3: empty, undefined and text-null values are dropped from what is handed back. */
function present(value: string | undefined): value is string {
  return value !== undefined && value !== "" && value !== "null";
}

/**
 * The signed payload under the stored result-value names (spec §3): sign ← signature,
 * newSign ← newSignature, the others by their own names; absent values left out.
 */
export function resultValuesOf(payload: ResultResponse["payload"]): ResultValues {
  const values: ResultValues = { code: payload.code };
  const optional = {
    sign: payload.signature,
    newSign: payload.newSignature,
    liveRate: payload.liveRate,
    willCode: payload.willCode,
    faceCode: payload.faceCode,
    similarity: payload.similarity,
    checks: payload.checks,
  } satisfies Omit<Record<keyof ResultValues, string | undefined>, "code">;
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string | undefined][]) {
    if (present(value)) values[key] = value;
  }
  // Parsed so that what the result page reads back is exactly what its schema accepts.
  return storedValueSchemas.resultValues.parse(values);
}

/**
 * Decide the next page after a judged attempt, storing the signed result when the order is over.
 * @example const next = await settleAttempt({ api, outcome, storage: rt.storage, stats: rt.stats }); // { next: "success", canRetry: false }
 */
export async function settleAttempt(input: SettleAttemptInput): Promise<SettleAttemptResult> {
  const { outcome, storage } = input;
  // A pass always ends the order; fetching the result for it too means a service that said
  // "passed" without "finished" cannot leave the user on a success page with nothing to hand back.
  if (outcome.finished || outcome.passed) {
    let result: ResultResponse;
    try {
      result = await input.api.result();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A phone continuing a desktop's check (issue 32) gets no signed result: the computer hands
      // it back. The phone ends on its result page, which tells the user to go back to the computer.
      if (error.code === API_ERROR_CODES.handoffPhone) {
        storage.setJSON(NO_RETRY_KEY, true);
        return { next: outcome.passed ? "success" : "fail", canRetry: false };
      }
      // The flow cannot finish: RESULT_PENDING and a code without a screen show the general error.
      return { next: "error", status: screenForApiError(error, { stats: input.stats }) };
    }
    storage.setJSON(RESULT_VALUES_KEY, resultValuesOf(result.payload));
    // The order is over either way: recording again cannot help, so the recording pages (which
    // carry the retry check) now lead to exitException. The result pages carry no retry check,
    // so /fail still hands the signed result back with 完成.
    storage.setJSON(NO_RETRY_KEY, true);
    return { next: result.state === "passed" ? "success" : "fail", canRetry: false };
  }
  const canRetry = outcome.attemptsLeft > 0;
  if (!canRetry) storage.setJSON(NO_RETRY_KEY, true);
  return { next: "fail", canRetry };
}
