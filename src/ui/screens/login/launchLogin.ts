/**
 * Logging in with the launch (spec §2 /login, §3 `sign` rule): the page URL's launch
 * parameters, `sign` included, go to the service once; the answer becomes where the flow
 * goes next. No React here, so every outcome is tested without rendering.
 */
import { loginRequestSchema, type LoginResponse } from "../../../../schemas/api";
import { storedValueSchemas } from "../../../../schemas/session";
import type { StatsRecorder } from "../../../analytics/statsRecorder";
import { ApiError, CLIENT_ERROR_CODES } from "../../../api/apiError";
import { screenForApiError } from "../../../api/screenForApiError";
import { keepAnalyticsToken } from "../../../analytics/tokenStore";
import type { ApiClient } from "../../../api/client";
import type { KycStorage } from "../../../session/storage";
import type { CookieJar } from "../../../session/cookies";
import { SESSION_TOKEN_KEY } from "../../sessionToken";

/** Where the login leaves the flow. */
export type LoginOutcome =
  /** Logged in (now or earlier in this browser): the entry rules pick the start page from "/". */
  | { kind: "loggedIn" }
  /** Refused: show the error route with this query. */
  | { kind: "refused"; query: Record<string, string> }
  /** No answer from the service: the user may try again. */
  | { kind: "offline" };

interface LaunchLoginInput {
  api: Pick<ApiClient, "login">;
  /** The page URL's own query (FlowRuntime.search). */
  search: Readonly<Record<string, string>>;
  storage: Pick<KycStorage, "getParsed" | "setJSON" | "remove">;
  /** The launch's cookie jar (FlowRuntime.cookies): the `url` cookie says what the stored `url` says. */
  cookies: Pick<CookieJar, "set" | "remove">;
  /** Whether the page can keep cookies (sessionToken.ts canKeepCookies); when not, the login asks for the session token. */
  canKeepCookies: () => boolean;
  /** The error message for a refusal whose code this build has no screen for. */
  unknownCodeMessage: (code: string) => string;
  /** Counts a refusal code with no screen (screenForApiError). */
  stats: Pick<StatsRecorder, "record">;
}

type ReturnAddressStores = Pick<LaunchLoginInput, "storage" | "cookies">;

/**
 * The return address the service vouched for, bound to the launch's signature: no further check
 * at finish. The partner's other pages read it from the `url` cookie (spec §3).
 */
function keepVouchedReturnAddress({ storage, cookies }: ReturnAddressStores, returnUrl: string): void {
  storage.setJSON("url", returnUrl);
  storage.remove("urlUnsigned");
  cookies.set("url", returnUrl);
}

/** No return address: quitting cannot send the user (and a result code) anywhere. */
function forgetReturnAddress({ storage, cookies }: ReturnAddressStores): void {
  storage.remove("url");
  storage.remove("urlUnsigned");
  cookies.remove("url");
}

/** The link-invalid screen is named by its code only (spec §8 "400101 link invalid (code-only)"). */
const LINK_INVALID = "400101";

/**
 * The error route query for a refused login.
 * @example refusalQuery(new ApiError(409, "LAUNCH_USED", "…"), msg, rt.stats) // { status: "exitException" }
 */
function refusalQuery(error: ApiError, unknownCodeMessage: (code: string) => string, stats: Pick<StatsRecorder, "record">): Record<string, string> {
  // A code without a screen (a newer service, or a partner-only code) must not show some
  // other status's wording: publicError, which shows the message it is given, names the code.
  const status = screenForApiError(error, { stats, fallback: "publicError" });
  if (status === LINK_INVALID) return { code: LINK_INVALID };
  if (status === "publicError") return { status, msg: unknownCodeMessage(error.code) };
  return { status };
}

function isOffline(error: ApiError): boolean {
  // The client never aborts a login; an abort can only come from the page going away,
  // and trying again is the honest answer to both.
  return error.code === CLIENT_ERROR_CODES.network || error.code === CLIENT_ERROR_CODES.aborted;
}

/**
 * Log in with the launch of `search`. Never rejects.
 * - no `sign`: nothing to log in with (cookie mode), so the entry rules decide;
 * - `sign` equal to the stored login sign: this browser already logged in with it;
 * - success: the sign is stored as `loginSign`, which the guard accepts in cookie-less mode;
 *   a page that cannot keep cookies asks for the session token (`cookieless`) and keeps it for
 *   later requests (only then: a token in script-readable storage is a bearer credential, so
 *   the service sends none to a page that did not ask);
 * - accepted: the return address the service answers with (the order's, checked against the
 *   app's allowed origins when it was created) becomes the stored `url`, and its analytics
 *   token is kept for the analytics client (src/analytics/tokenStore.ts);
 * - refused as link invalid: any stored return address is dropped, so quitting cannot send
 *   the user (and a result code) anywhere.
 */
export async function logInWithLaunch(input: LaunchLoginInput): Promise<LoginOutcome> {
  const { api, search, storage, canKeepCookies, unknownCodeMessage, stats } = input;
  const sign = search.sign;
  if (sign === undefined || sign === "") return { kind: "loggedIn" };
  if (storage.getParsed("loginSign", storedValueSchemas.loginSign) === sign) return { kind: "loggedIn" };

  // `cookieless` is the page's to set: a launch URL carrying one has it replaced.
  const request = loginRequestSchema.safeParse({ ...search, cookieless: !canKeepCookies() });
  if (!request.success) {
    forgetReturnAddress(input);
    return { kind: "refused", query: { code: LINK_INVALID } };
  }
  let answer: LoginResponse;
  try {
    answer = await api.login(request.data);
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: "refused", query: { status: "publicError", msg: unknownCodeMessage("-") } };
    if (isOffline(error)) return { kind: "offline" };
    const query = refusalQuery(error, unknownCodeMessage, stats);
    if (query.code === LINK_INVALID) forgetReturnAddress(input);
    // A genuine launch refused as used, expired or finished: the service vouches for its address.
    if (error.returnUrl) keepVouchedReturnAddress(input, error.returnUrl);
    return { kind: "refused", query };
  }
  // Only a cookie-less login gets one; absent when a reload got its session back, and a token
  // kept earlier then stays valid.
  if (answer.sessionToken !== undefined) storage.setJSON(SESSION_TOKEN_KEY, answer.sessionToken);
  keepVouchedReturnAddress(input, answer.returnUrl);
  keepAnalyticsToken(storage, answer.analyticsToken);
  storage.setJSON("loginSign", sign);
  return { kind: "loggedIn" };
}
