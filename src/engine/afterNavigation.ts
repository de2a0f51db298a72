/**
 * After-navigation effects of spec §2: document title, pageId (route name plus gray
 * version), a page report, a page-load-time statistic with its threshold, and stay time
 * reported when leaving a page. Pure functions plus a small timer made by a factory.
 */
import type { EngineEffect } from "./context";

/** Spec §9: page-load threshold. */
const PAGE_LOAD_THRESHOLD_MS = 5000;

interface PageView {
  title: string;
  pageId: string;
  effects: EngineEffect[];
}

/** The title, pageId and statistics for arriving on a route. */
export function describePageView(input: {
  routeName: string;
  routeTitle: string;
  emptyTitle: boolean;
  grayVersion: string;
  loadMs: number;
  /** The error route's status (query `status`, else `code`), so reports can tell error pages apart. */
  errorStatus?: string;
}): PageView {
  const pageId = `${input.routeName}_${input.grayVersion}`;
  const loadMs = Math.max(0, Math.round(input.loadMs));
  return {
    title: input.emptyTitle ? "" : input.routeTitle,
    pageId,
    effects: [
      { kind: "stat", name: "pageView", data: input.errorStatus ? { pageId, status: input.errorStatus } : { pageId } },
      // Loads beyond the threshold are outliers (tab in background, stalled network): they
      // are reported under their own name so they do not skew the load-time distribution.
      {
        kind: "stat",
        name: loadMs > PAGE_LOAD_THRESHOLD_MS ? "pageLoadSlow" : "pageLoadTime",
        data: { pageId, ms: loadMs },
      },
    ],
  };
}

export interface StayTimer {
  /** Arriving on a page; returns the stay statistic of the page being left, if any. */
  enter(pageId: string): EngineEffect | null;
  /** Leaving the app (pagehide); returns the stay statistic of the current page. */
  leave(): EngineEffect | null;
}

export function createStayTimer(now: () => number): StayTimer {
  let current: { pageId: string; since: number } | null = null;
  const close = (): EngineEffect | null => {
    if (!current) return null;
    const effect: EngineEffect = { kind: "stat", name: "stayTime", data: { pageId: current.pageId, ms: Math.max(0, now() - current.since) } };
    current = null;
    return effect;
  };
  return {
    enter(pageId) {
      if (current?.pageId === pageId) return null;
      const left = close();
      current = { pageId, since: now() };
      return left;
    },
    leave: close,
  };
}
