/**
 * A user on a slow phone network who taps through at once (issue 35): on the throttled profile
 * (scripts/wire/throttle.ts: 150 ms, 1.6 Mbit/s down, 4x CPU) the start button is pressed as
 * soon as it can be, then 开始录制, while the face files are still downloading. The hint under
 * the camera shows how much of them has arrived, rising, until guidance runs and the recording
 * starts, guided; it never says the device cannot detect faces, nor that detection did not load.
 * The fake camera's pattern has no face, so running guidance says 未检测到人脸.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import type { Texts } from "../schemas/texts";
import { applyPhoneProfile } from "../scripts/wire/throttle";
import { LIGHT_TEXTS, lightNotice } from "./recordingFlow";
import { createLaunch } from "./signedLaunch";

const TEXTS = (JSON.parse(readFileSync(new URL("../flows/texts.zh-CN.json", import.meta.url), "utf8")) as Texts).guidance;

interface SeenHint {
  text: string;
  status: string;
  progress: string | null;
  atMs: number;
}

/** Notes every hint the page shows (its text, status and percent) and when the recording badge appears. */
const WATCH_HINTS = `(() => {
  window.__hints = [];
  const note = () => {
    const hint = document.querySelector('.ff-guidance-hint');
    if (hint) {
      const seen = { text: hint.textContent, status: hint.dataset.guidanceStatus, progress: hint.getAttribute('data-guidance-progress'), atMs: performance.now() };
      const last = window.__hints[window.__hints.length - 1];
      if (!last || last.text !== seen.text || last.status !== seen.status) window.__hints.push(seen);
    }
    if (window.__recordingAt === undefined && document.querySelector('.ff-rec-badge')) window.__recordingAt = performance.now();
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

test("throttled, tapping through at once: the hint shows the face files' percent rising to the running guidance, never a device or load failure", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const order = await createLaunch(baseURL!, { liveType: "1", guidance: true, returnUrl: new URL("/#/srcEntry", baseURL).href });
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await page.addInitScript(WATCH_HINTS);
  // The HTTP cache on, as on a phone: the start page's prefetch puts the files there for the worker.
  await applyPhoneProfile(await context.newCDPSession(page), { keepCache: true });
  await page.goto(order.launchUrl, { timeout: 60_000 });
  const start = page.getByRole("button", { name: "开始验证" });
  await expect(start).toBeEnabled({ timeout: 60_000 });
  await start.click();
  await page.waitForURL(/#\/vertify$/, { timeout: 60_000 });
  // Number mode's light notice, tapped through at once too (throttled: it comes after the digits and the config).
  const notice = lightNotice(page);
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await notice.getByRole("button", { name: LIGHT_TEXTS.noticeContinue }).click();
  await page.getByRole("button", { name: "开始录制" }).click();

  const hint = page.locator(".ff-guidance-hint");
  await expect(hint).toHaveAttribute("data-guidance-status", "active", { timeout: 120_000 });
  await expect(hint).toHaveText(TEXTS.noFace);
  await expect(page.locator(".ff-rec-badge")).toBeVisible({ timeout: 20_000 });

  const { hints, recordingAt } = await page.evaluate(() => ({
    hints: (window as unknown as { __hints: SeenHint[] }).__hints,
    recordingAt: (window as unknown as { __recordingAt?: number }).__recordingAt,
  }));
  const percents = hints.filter((h) => h.status === "loading" && h.progress !== null).map((h) => Number(h.progress));
  test.info().annotations.push({ type: "hints", description: hints.map((h) => `${Math.round(h.atMs)} ms ${h.status} ${h.text}`).join(" | ") });
  // The percent was shown in the page's words, rose and never went back, through the middle of the download.
  for (const shown of hints.filter((h) => h.progress !== null)) expect(shown.text).toBe(TEXTS.loadingFiles.replace("{percent}", shown.progress!));
  expect(percents.length).toBeGreaterThanOrEqual(5);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(percents.some((p) => p > 0 && p < 50)).toBe(true);
  expect(percents.some((p) => p >= 50 && p < 100)).toBe(true);
  // Then guidance ran, and only then the recording started: it was guided from its first frame.
  const firstActive = hints.find((h) => h.status === "active");
  expect(firstActive).toBeDefined();
  expect(recordingAt).toBeGreaterThan(firstActive!.atMs);
  // Never blamed on the device, nor given up.
  expect(hints.filter((h) => h.status === "unavailable")).toEqual([]);
  expect(hints.map((h) => h.text)).not.toContain(TEXTS.unavailable);
  expect(hints.map((h) => h.text)).not.toContain(TEXTS.unavailableLoad);
  await context.close();
});
