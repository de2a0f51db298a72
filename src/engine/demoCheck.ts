/**
 * Demo check of spec §2: the return URL is a demo when it points to the same origin and path
 * as the app and its hash route is one of the demo entry pages (entry, liveentry, srcentry).
 */
const DEMO_ROUTES = new Set(["entry", "liveentry", "srcentry"]);

export function isDemoReturnUrl(returnUrl: string | undefined, here: { origin: string; pathname: string }): boolean {
  if (!returnUrl) return false;
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return false;
  }
  if (url.origin !== here.origin || url.pathname !== here.pathname) return false;
  const route = url.hash.replace(/^#\/?/, "").split(/[?/]/)[0]?.toLowerCase() ?? "";
  return DEMO_ROUTES.has(route);
}
