/**
 * Opening one page cold under the phone profile and timing it as a user sees it: from
 * navigation start to the first readable heading and to the first enabled, visible button
 * (scripts/wire/watchers.ts), the bytes that went over the wire for that button (every request
 * started before it, headers and compressed bodies, as Chromium counted them), and the bytes
 * until the network went idle (scripts/wire/networkLog.ts: no request in flight for 1 s, at
 * least 2 s after the button).
 */
import type { Browser } from "@playwright/test";
import { benchContext } from "../benchBrowser";
import { recordNetwork, type LoggedRequest, type WireRequest } from "./networkLog";
import { applyPhoneProfile } from "./throttle";
import { WATCH_FIRST_BUTTON, WATCH_HEADINGS, type WatchedWindow } from "./watchers";

export type { WireRequest } from "./networkLog";

/** Network idle: this long without a request in flight, and no sooner than `IDLE_SETTLE_MS` after the button. */
const IDLE_QUIET_MS = 1000;
const IDLE_SETTLE_MS = 2000;

export interface FirstButtonRun {
  url: string;
  firstButtonMs: number;
  /** To the first readable h1; on a launch that may be the login's waiting heading (see `headings`). */
  firstHeadingMs: number;
  /** When Element Timing saw that first heading's text painted; null if it never reported it. */
  firstHeadingPaintMs: number | null;
  /** Every distinct readable h1 text up to network idle, in order, with its first readable and painted moments. */
  headings: { text: string; ms: number; paintMs: number | null }[];
  /** Chromium's first contentful paint; null if it never fired. */
  firstContentfulPaintMs: number | null;
  /** Bytes of the requests started before the first button. */
  wireBytes: number;
  requests: WireRequest[];
  /** Requests started after the first button and before network idle (prefetches), not counted in wireBytes. */
  later: WireRequest[];
  /** Network idle: when (the end of the last request before 1 s of silence), and every request's bytes up to it. */
  idle: { atMs: number; wireBytes: number; requests: number };
}

const roundOrNull = (x: number | null) => (x === null ? null : Math.round(x));

export async function firstButton(browser: Browser, url: string, timeoutMs = 60_000): Promise<FirstButtonRun> {
  const context = await benchContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_FIRST_BUTTON);
    await page.addInitScript(WATCH_HEADINGS);
    const cdp = await context.newCDPSession(page);
    const network = recordNetwork(cdp);
    await applyPhoneProfile(cdp);
    await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
    try {
      await page.waitForFunction(() => (window as WatchedWindow).__firstButton !== undefined && ((window as WatchedWindow).__headings?.length ?? 0) > 0, undefined, { timeout: timeoutMs, polling: 50 });
    } catch (error) {
      const seen = await page.evaluate(() => ({ button: (window as WatchedWindow).__firstButton !== undefined, heading: ((window as WatchedWindow).__headings?.length ?? 0) > 0 })).catch(() => null);
      const missing = seen ? [seen.button ? "" : "an enabled visible button", seen.heading ? "" : "a readable h1"].filter(Boolean).join(" and ") : "the page";
      throw new Error(`wire bench: ${url} showed no ${missing} within ${timeoutMs} ms`, { cause: error });
    }
    const { origin, button } = await page.evaluate(() => ({ origin: performance.timeOrigin, button: (window as WatchedWindow).__firstButton ?? NaN }));
    const buttonWall = origin + button;
    const counted = network.requests().filter((r) => r.wallStart <= buttonWall);
    // What was asked for before the button finishes arriving even if the button came first.
    await network.finished(counted, timeoutMs);
    const idleWall = await network.idle({ quietMs: IDLE_QUIET_MS, settleMs: IDLE_SETTLE_MS, timeoutMs });
    const { headings, paint } = await page.evaluate(() => ({ headings: (window as WatchedWindow).__headings ?? [], paint: (window as WatchedWindow).__firstContentfulPaint ?? null }));
    const toIdle = network.requests().filter((r) => r.wallStart <= idleWall);
    const row = (r: LoggedRequest): WireRequest => ({ url: r.url, startMs: Math.round(r.wallStart - origin), endMs: Math.round(r.wallEnd - origin), wireBytes: r.bytes, encoding: r.encoding });
    const bytes = (rs: LoggedRequest[]) => rs.reduce((s, r) => s + r.bytes, 0);
    const first = headings[0];
    if (!first) throw new Error(`wire bench: ${url} lost its heading record`);
    return {
      url,
      firstButtonMs: Math.round(button),
      firstHeadingMs: Math.round(first.ms),
      firstHeadingPaintMs: roundOrNull(first.paintMs),
      headings: headings.map((h) => ({ text: h.text, ms: Math.round(h.ms), paintMs: roundOrNull(h.paintMs) })),
      firstContentfulPaintMs: roundOrNull(paint),
      wireBytes: bytes(counted),
      requests: counted.map(row),
      later: toIdle.filter((r) => r.wallStart > buttonWall).map(row),
      idle: { atMs: Math.round(idleWall - origin), wireBytes: bytes(toIdle), requests: toIdle.length },
    };
  } finally {
    await context.close();
  }
}
