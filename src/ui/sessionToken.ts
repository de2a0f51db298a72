/**
 * Cookie-less mode (spec §3): a page that cannot keep cookies (some in-app browsers, blocked
 * cookies) asks the login for its session token (LoginRequest.cookieless), keeps it here, and
 * the API client sends it as a header (schemas/api.ts SESSION_HEADER) and in the stream's start
 * message. A page that keeps cookies never asks, so no script-readable bearer token exists.
 */
import * as z from "zod/mini";

/** Storage key, camelCase like every non-launch value (schemas/session.ts). */
export const SESSION_TOKEN_KEY = "sessionToken";
export const sessionTokenSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** A throwaway cookie written and read back to learn whether cookies stick. */
const PROBE_COOKIE = "faceflow_cookie_probe";

/**
 * Whether this page can keep cookies: the browser says it can, and a cookie written on the
 * page's path-root scope reads back. The session cookie comes from the same host as the page,
 * so where this one sticks, the login's does too.
 * @example canKeepCookies(document, navigator) // false in a cookie-blocking in-app browser
 */
export function canKeepCookies(doc: Pick<Document, "cookie">, nav: Pick<Navigator, "cookieEnabled">): boolean {
  if (!nav.cookieEnabled) return false;
  try {
    doc.cookie = `${PROBE_COOKIE}=1; path=/; SameSite=Lax`;
    const kept = doc.cookie.split(/;\s*/).includes(`${PROBE_COOKIE}=1`);
    doc.cookie = `${PROBE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
    return kept;
  } catch {
    // Sandboxed documents throw on any cookie access.
    return false;
  }
}
