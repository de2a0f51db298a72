/**
 * Opening one page cold under the phone profile and timing it as a user sees it: from
 * navigation start to the first enabled, visible button, and the bytes that went over the
 * wire for it (every request started before that moment, headers and compressed bodies,
 * as Chromium counted them).
 */
import type { Browser } from "@playwright/test";
import { benchContext } from "../benchBrowser";
import { applyPhoneProfile } from "./throttle";

interface WireRequest {
  url: string;
  /** Milliseconds after navigation start. */
  startMs: number;
  endMs: number;
  wireBytes: number;
  encoding: string;
}

export interface FirstButtonRun {
  url: string;
  firstButtonMs: number;
  wireBytes: number;
  requests: WireRequest[];
  /** Requests started after the first button (prefetches), not counted in wireBytes. */
  later: WireRequest[];
}

/** Installed before any script of the page: notes when an enabled, visible button first exists. */
const WATCH_FIRST_BUTTON = `(() => {
  const seen = () => [...document.querySelectorAll("button")].some((b) => !b.disabled && b.getClientRects().length > 0);
  const done = () => { window.__firstButton = performance.now(); };
  const observer = new MutationObserver(() => { if (window.__firstButton === undefined && seen()) { done(); observer.disconnect(); } });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface Pending {
  url: string;
  wallStart: number;
  wallEnd: number;
  bytes: number;
  encoding: string;
  done: boolean;
}

export async function firstButton(browser: Browser, url: string, timeoutMs = 60_000): Promise<FirstButtonRun> {
  const context = await benchContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_FIRST_BUTTON);
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, Pending>();
    // Monotonic CDP timestamps mapped to wall time by each request's own wallTime.
    let offset = 0;
    cdp.on("Network.requestWillBeSent", (e) => {
      offset = e.wallTime - e.timestamp;
      requests.set(e.requestId, { url: e.request.url, wallStart: e.wallTime * 1000, wallEnd: 0, bytes: 0, encoding: "", done: false });
    });
    cdp.on("Network.responseReceived", (e) => {
      const r = requests.get(e.requestId);
      if (r) r.encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1] ?? "";
    });
    cdp.on("Network.loadingFinished", (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { bytes: e.encodedDataLength, wallEnd: (e.timestamp + offset) * 1000, done: true });
    });
    cdp.on("Network.loadingFailed", (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { wallEnd: (e.timestamp + offset) * 1000, done: true });
    });
    await applyPhoneProfile(cdp);
    await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
    await page.waitForFunction(() => (window as { __firstButton?: number }).__firstButton !== undefined, undefined, { timeout: timeoutMs, polling: 50 });
    const { origin, at } = await page.evaluate(() => ({ origin: performance.timeOrigin, at: (window as unknown as { __firstButton: number }).__firstButton }));
    const buttonWall = origin + at;
    const counted = [...requests.values()].filter((r) => r.wallStart <= buttonWall);
    // What was asked for before the button finishes arriving even if the button came first.
    const deadline = Date.now() + timeoutMs;
    while (counted.some((r) => !r.done) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const row = (r: Pending): WireRequest => ({ url: r.url, startMs: Math.round(r.wallStart - origin), endMs: Math.round(r.wallEnd - origin), wireBytes: r.bytes, encoding: r.encoding });
    return {
      url,
      firstButtonMs: Math.round(at),
      wireBytes: counted.reduce((s, r) => s + r.bytes, 0),
      requests: counted.map(row),
      later: [...requests.values()].filter((r) => r.wallStart > buttonWall).map(row),
    };
  } finally {
    await context.close();
  }
}
