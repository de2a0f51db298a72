/**
 * The page a first render shows: the router's decision for a hash, followed through its
 * redirects as the router would follow them (decide() only reads; the router performs the
 * redirects and their effects itself). The composition root uses it to preload the first
 * screen, and, on a page the service rendered (src/ssr), to move to that page before hydrating,
 * so the first client render is the page the HTML already shows; the service uses it to choose
 * the page it renders.
 */
import type { EngineEffect } from "../engine/context";
import type { FlowRuntime } from "../runtime/runtime";
import { splitHash } from "../runtime/hashLocation";
import { decide } from "./FlowRouter";
import type { ScreenType } from "./screens/screenTypes";

/** Fewer than the router's loop limit: a definition chain this long would be a loop. */
const MAX_HOPS = 4;

export interface FirstPage {
  /** The rendered page's hash path and query ("/h5pre", "/error?code=400101"). */
  to: string;
  screen: ScreenType;
  /**
   * The effects of the redirects on the way, which the router would have performed; the rendered
   * page's own the router performs when it renders it.
   */
  effects: EngineEffect[];
}

/** The page `hash` renders, or null when it leaves the app (a full redirect) or loops. */
export function firstPageOf(rt: FlowRuntime, hash: string): FirstPage | null {
  const start = splitHash(hash);
  let at = start.search ? `${start.path}?${start.search}` : start.path;
  let decision = decide(rt, start.path, start.search);
  const effects: EngineEffect[] = [];
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (decision.kind === "render") return { to: at, screen: decision.route.screen as ScreenType, effects };
    if (decision.kind !== "redirect") return null;
    effects.push(...decision.effects);
    at = decision.to;
    const next = splitHash(decision.to);
    decision = decide(rt, next.path, next.search);
  }
  return null;
}
