/**
 * Whether the page can keep cookies (spec §3 cookie-less mode). No imports: index.html's early
 * login (src/boot/earlyLogin.ts) asks this before any module has loaded, and the login page
 * asks it again with the same function (src/ui/screens/login/launchLoginOnce.ts).
 */

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
