/**
 * The service's word on an unsigned launch's return address (POST /api/v1/return-url), as the
 * finisher needs it: follow it, refuse it, or try again later.
 */
import { API_ERROR_CODES } from "../../schemas/apiCodes";
import { ApiError } from "../api/apiError";
import type { ApiClient } from "../api/client";
import type { ReturnUrlCheck } from "./finisher";

/** Refusals that mean "not this address": the app does not allow it, or no session to vouch with. */
const REFUSED: ReadonlySet<string> = new Set([API_ERROR_CODES.returnUrlNotAllowed, API_ERROR_CODES.sessionInvalid, API_ERROR_CODES.badRequest]);

/**
 * Ask the service whether `url` may receive the result.
 * @example await checkReturnUrlWith(api, "https://partner.example/back") // "allowed"
 */
export async function checkReturnUrlWith(api: Pick<ApiClient, "checkReturnUrl">, url: string): Promise<ReturnUrlCheck> {
  try {
    const answer = await api.checkReturnUrl(url);
    // Only the very address asked about counts as vouched for.
    return answer.returnUrl === url ? "allowed" : "notAllowed";
  } catch (error) {
    if (error instanceof ApiError && REFUSED.has(error.code)) return "notAllowed";
    // No answer, a busy service or an answer this page cannot read: nothing was decided, so
    // the user may tap again.
    return "unavailable";
  }
}
