/**
 * The window a launch page is rendered against on the service (./renderLaunchPage.tsx): the
 * request's URL, user agent and languages, and an empty storage, which the login's outcome fills
 * as the browser's would be filled (src/ui/screens/login/launchLogin.ts). The runtime reads its
 * page from a window (src/runtime/runtime.ts); rendering reads only the parts below, and effects,
 * which need the rest, never run in a server render. Anything else is undefined, so code that
 * reaches for it fails loudly in the render instead of reading some other request's state.
 */
import type { StorageLike } from "../session/storage";

/** One request's page as the renderer knows it. */
export interface ServerPage {
  /** The launch URL as the browser asked for it (origin, path and query; no hash reaches a server). */
  url: string;
  /** The hash route the render shows ("#/h5pre"); the renderer moves it along redirects. */
  hash: string;
  userAgent: string;
  /** Accept-Language's tags, in preference order. */
  languages: readonly string[];
  /** The service's clock, milliseconds since the epoch. */
  now: number;
}

/** Web Storage in memory, for one render. */
function memoryStorage(): StorageLike & { clear(): void } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
  };
}

/** The hash location (src/runtime/hashLocation.ts) moves by history: here the URL's hash only. */
function serverHistory(location: { href: string; hash: string }) {
  const move = (_state: unknown, _title: string, href: string | URL | null | undefined) => {
    if (href === null || href === undefined) return;
    const next = new URL(String(href), location.href);
    location.href = next.href;
    location.hash = next.hash;
  };
  return { replaceState: move, pushState: move };
}

export function serverWindow(page: ServerPage): Window {
  const url = new URL(page.url);
  url.hash = page.hash;
  const location = {
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
  };
  const page$ = {
    location,
    history: serverHistory(location),
    navigator: { userAgent: page.userAgent, languages: [...page.languages], language: page.languages[0] ?? "", cookieEnabled: true },
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    // A render reads the clock for load times the effects report; the service's clock stands in.
    performance: { timeOrigin: page.now, now: () => 0 },
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    innerWidth: 0,
    innerHeight: 0,
  };
  // `self` and `top` are the window itself: the page is not framed as far as a render can tell.
  const win = Object.assign(page$, { self: page$, top: page$ });
  // The runtime's type is the DOM's Window; this object is the documented part of it above.
  return win as unknown as Window;
}
