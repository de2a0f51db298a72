/**
 * Whether a browser request comes from a page of the service itself, judged by its `Origin`
 * header. The session cookie goes along with a WebSocket upgrade whatever page opens it (the
 * same-origin policy does not cover WebSockets, and SameSite=Lax lets a same-site page through),
 * so without this check any page the user visits could stream frames as them.
 */

/**
 * True when `origin` is the service's public origin, or names the very host the request was
 * addressed to (its Host header). The second covers a service reached by another name than
 * the configured one (localhost for 127.0.0.1, tests on random ports): a page of another site
 * cannot send it, since a browser writes Host from the URL it connects to and Origin from the
 * page, so both name one host only for a page served by that host. An absent Origin is not a
 * browser's request (browsers always send it on WebSocket upgrades) and carries no page.
 * @example isOwnOrigin("https://evil.example", "https://verify.example", "verify.example") // false
 */
export function isOwnOrigin(origin: string | undefined, publicOrigin: string, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // "null" (sandboxed frames, file: pages) and anything unparsable.
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && host !== undefined && url.host === host.toLowerCase();
}
