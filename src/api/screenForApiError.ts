/**
 * The one place an API failure becomes an error screen (spec §8). Every code the service can
 * send has its screen in schemas/apiCodes.ts API_ERROR_SCREEN (exhaustive over the catalogue:
 * a new code without an entry fails to compile), every code of the client's own below. A code
 * with no screen (one from a newer service, or a partner-only code that should never reach a
 * page) is not passed over in silence: it is counted as the statistic UNMAPPED_API_ERROR_STAT
 * and shows a screen chosen on purpose.
 */
import { API_ERROR_SCREEN } from "../../schemas/apiCodes";
import type { ErrorStatus } from "../../schemas/errors";
import type { StatsRecorder } from "../analytics/statsRecorder";
import { CLIENT_ERROR_CODES, type ApiError, type ClientErrorCode } from "./apiError";

/**
 * The screen for a code without one. The catalogue's general error: it names no cause, so
 * it cannot tell the user something wrong about a code we do not know, and its retry button
 * starts the attempt again (the error page's retry check still applies), so nobody is stuck.
 */
export const UNMAPPED_CODE_SCREEN = "exception" satisfies ErrorStatus;

/** The statistic a code without a screen records: staff see which code needs one. */
export const UNMAPPED_API_ERROR_STAT = "apiErrorWithoutScreen";

/**
 * The client's own codes (src/api/apiError.ts). ABORTED has none: the caller cancelled the
 * request, nothing unexpected happened, and only the caller knows what to show (its fallback).
 */
export const CLIENT_ERROR_SCREEN = {
  NETWORK_ERROR: "seniorException",
  BAD_RESPONSE: "exception",
  ABORTED: null,
} as const satisfies Record<ClientErrorCode, ErrorStatus | null>;

export interface ScreenForApiErrorDeps {
  stats: Pick<StatsRecorder, "record">;
  /**
   * The call site's deliberate screen for a failure with none of its own (an unknown or
   * partner-only code, an abort), e.g. "lipsException" when the digits could not be fetched.
   * UNMAPPED_CODE_SCREEN when absent.
   */
  fallback?: ErrorStatus;
}

/** An API failure: an ApiError, or a code the frame stream's service sent (no HTTP status). */
export type ApiFailure = Pick<ApiError, "code"> & { status?: number };

function isKey<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * The error screen for an API failure; a code with no screen records UNMAPPED_API_ERROR_STAT.
 * @example screenForApiError(new ApiError(409, "LAUNCH_USED", "…"), { stats: rt.stats }) === "exitException"
 * @example screenForApiError(new ApiError(500, "NEW_CODE", "…"), { stats: rt.stats }) === "exception" // and counted
 */
export function screenForApiError(error: ApiFailure, deps: ScreenForApiErrorDeps): ErrorStatus {
  const fallback = deps.fallback ?? UNMAPPED_CODE_SCREEN;
  const known = isKey(API_ERROR_SCREEN, error.code) ? API_ERROR_SCREEN[error.code] : isKey(CLIENT_ERROR_SCREEN, error.code) ? CLIENT_ERROR_SCREEN[error.code] : undefined;
  if (known) return known;
  if (error.code === CLIENT_ERROR_CODES.aborted) return fallback;
  deps.stats.record(UNMAPPED_API_ERROR_STAT, {
    code: error.code.slice(0, 64),
    // false: a partner-only code of this build's catalogue, which no page request should get.
    unknown: known === undefined,
    ...(error.status !== undefined ? { httpStatus: error.status } : {}),
    shown: fallback,
  });
  return fallback;
}
