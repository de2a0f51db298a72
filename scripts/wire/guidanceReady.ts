/**
 * Issue 14's figure for the capture route: on the throttled phone profile, from the camera
 * opening (getUserMedia resolved, the start of the recording page's camera-ready measure) to
 * the first guidance hint drawn from an analysed frame. Two users: one who taps the start
 * button at once, while the start page's prefetch of the face worker, wasm and models has
 * only begun, and one who reads the page until that prefetch has finished. A silent-mode
 * launch with guidance on, the fake camera playing a face photo.
 */
import type { Browser, Page } from "@playwright/test";
import { CAMERA_READY_MEASURE } from "../../src/flow/attempt/cameraReadyMeasure";
import { benchContext, benchText } from "../benchBrowser";
import { applyPhoneProfile } from "./throttle";

export interface GuidanceReadyRun {
  /** Camera open → first hint of a running guidance, ms. */
  hintMs: number;
  /** Bytes of the face files fetched before the camera opened (the prefetch's share). */
  prefetchedBytes: number;
}

/** Notes when the first hint of a running guidance (an analysed frame) appears. */
const WATCH_FIRST_HINT = `(() => {
  const seen = () => document.querySelector('.ff-guidance-hint[data-guidance-status="active"]') !== null;
  const observer = new MutationObserver(() => { if (window.__firstHint === undefined && seen()) { window.__firstHint = performance.now(); observer.disconnect(); } });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** The face worker, its wasm and its models: what guidance needs before its first hint. */
const isFaceFile = (url: string) => /\/(faceWorker-[^/]+\.js|face-[^/]+\/)/.test(new URL(url).pathname);

async function silentLaunch(base: string): Promise<string> {
  const response = await fetch(`${base}/demo/v1/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ liveType: "3", guidance: true }) });
  if (response.status !== 201) throw new Error(`guidance bench: demo order answered ${response.status}`);
  return ((await response.json()) as { launchUrl: string }).launchUrl;
}

/** Waits until face files were asked for and none has been pending for `quietMs`. */
async function prefetchDone(page: Page, pending: Set<string>, asked: () => number, quietMs = 1500, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (asked() === 0 || pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(100);
  }
  throw new Error("guidance bench: the start page's prefetch did not finish");
}

/**
 * One cold run in a fresh context of `browser`, which must have been launched with a fake
 * camera playing a face (scripts/faceBench.ts writeFaceVideo).
 */
export async function guidanceReadyRun(browser: Browser, base: string, readFirst: boolean): Promise<GuidanceReadyRun> {
  const context = await benchContext(browser, { permissions: ["camera", "microphone"] });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_FIRST_HINT);
    const pending = new Set<string>();
    let asked = 0;
    let bytesBeforeCamera = 0;
    let cameraOpened = false;
    page.on("request", (r) => {
      if (!isFaceFile(r.url())) return;
      asked += 1;
      pending.add(r.url());
    });
    const settle = async (r: { url(): string; sizes(): Promise<{ responseBodySize: number }> }) => {
      if (!isFaceFile(r.url())) return;
      pending.delete(r.url());
      if (!cameraOpened) bytesBeforeCamera += (await r.sizes().catch(() => ({ responseBodySize: 0 }))).responseBodySize;
    };
    page.on("requestfinished", (r) => void settle(r));
    page.on("requestfailed", (r) => void pending.delete(r.url()));
    await applyPhoneProfile(await context.newCDPSession(page), { keepCache: true });
    await page.goto(await silentLaunch(base), { timeout: 60_000 });
    const startName = benchText("start.startButton");
    const start = page.getByRole("button", { name: startName });
    await start.waitFor({ timeout: 60_000 });
    await page.waitForFunction((name) => [...document.querySelectorAll("button")].some((b) => b.textContent === name && !b.disabled), startName, { timeout: 60_000 });
    if (readFirst) await prefetchDone(page, pending, () => asked);
    await start.click();
    await page.waitForURL(/#\/action\/vertify$/, { timeout: 60_000 });
    // Silent mode warns of its light challenge before recording; the user reads it and goes on.
    await page.getByRole("button", { name: benchText("light.noticeContinue") }).click({ timeout: 60_000 });
    await page.getByRole("button", { name: benchText("capture.startRecord") }).click();
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, CAMERA_READY_MEASURE, { timeout: 60_000 });
    cameraOpened = true;
    await page.waitForFunction(() => (window as { __firstHint?: number }).__firstHint !== undefined, undefined, { timeout: 180_000, polling: 100 });
    const { opened, hint } = await page.evaluate((name) => ({ opened: performance.getEntriesByName(name)[0]!.startTime, hint: (window as unknown as { __firstHint: number }).__firstHint }), CAMERA_READY_MEASURE);
    return { hintMs: Math.round(hint - opened), prefetchedBytes: bytesBeforeCamera };
  } finally {
    await context.close();
  }
}
