/**
 * Whether a return URL may be used by an app: http(s) only, and its origin must be one of
 * the app's allowed origins ("self" standing for the service's own public origin).
 */
import { SELF_ORIGIN } from "../store/apps";

export function isReturnUrlAllowed(returnUrl: string, allowedOrigins: readonly string[], publicOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  // Credentials in a return URL would be handed to the browser's address bar; refuse them.
  if (url.username !== "" || url.password !== "") return false;
  return allowedOrigins.some((allowed) => (allowed === SELF_ORIGIN ? publicOrigin : allowed) === url.origin);
}
