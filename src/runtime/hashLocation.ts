/**
 * Hash-based location where the query lives inside the hash ("#/error?status=x"). wouter's
 * own use-hash-location moves "?query" into the page's real query string, which would
 * overwrite the partner's launch parameters; this one never touches location.search. React-free:
 * the router's hooks over it are src/ui/wouterHooks.ts.
 */

export interface HashLocation {
  /** Current path and raw query of the hash, e.g. { path: "/error", search: "status=x" }. */
  current(): { path: string; search: string };
  navigate(to: string, opts?: { replace?: boolean }): void;
  subscribe(cb: () => void): () => void;
}

export function splitHash(hash: string): { path: string; search: string } {
  const raw = hash.replace(/^#/, "");
  const q = raw.indexOf("?");
  const path = q < 0 ? raw : raw.slice(0, q);
  const search = q < 0 ? "" : raw.slice(q + 1);
  return { path: "/" + path.replace(/^\/+/, ""), search };
}

export function createHashLocation(win: Window): HashLocation {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((cb) => cb());
  const subscribe = (cb: () => void) => {
    if (listeners.size === 0) win.addEventListener("hashchange", notify);
    listeners.add(cb);
    return () => {
      listeners.delete(cb);
      if (listeners.size === 0) win.removeEventListener("hashchange", notify);
    };
  };
  const current = () => splitHash(win.location.hash);
  const navigate = (to: string, opts: { replace?: boolean } = {}) => {
    const url = new URL(win.location.href);
    url.hash = "#" + (to.startsWith("/") ? to : "/" + to);
    if (url.href === win.location.href) return;
    win.history[opts.replace ? "replaceState" : "pushState"](null, "", url.href);
    notify();
  };
  return { current, navigate, subscribe };
}

/** "/error" + {status:"x"} → "/error?status=x". */
export function withQuery(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}
