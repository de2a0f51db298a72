/**
 * The 核验中 wait as a user sees it on a phone-sized page, with the SYNTHETIC live subject
 * (e2e/synthCamera.ts) recorded and verified by the real service (issue 35): the circle keeps
 * the last picture recorded, dimmed, instead of falling back to the placeholder silhouette; the
 * status is the page's heading and main content, right under it; the bar moves with the real
 * work and never goes back; in every shipped language, and on the stream page too.
 *
 * For the picture the service's answer is held at one step (the first long poll is answered
 * "analysing, half done", later ones wait), so each language's screenshot shows the same moment;
 * then the real answers go through and the flow ends on its result page. The screenshots are
 * written beside the test's results (wait-<lang>.png, wait-stream.png) for a person to look at.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page, type Route } from "@playwright/test";
import type { Texts } from "../schemas/texts";
import { answerLightNotice } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { installSynthCamera } from "./synthCamera";
import { watchThirdParty } from "./thirdParty";

const VIEWPORT = { width: 390, height: 844 } as const;
const LANGUAGES = ["zh-CN", "zh-TW", "en"] as const;
type Tag = (typeof LANGUAGES)[number];

const textsOf = (tag: Tag): Texts => JSON.parse(readFileSync(new URL(`../flows/texts.${tag}.json`, import.meta.url), "utf8")) as Texts;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);

/** A phone-sized page in `tag` whose camera is the synthetic subject. */
async function synthPage(browser: Browser, baseURL: string, tag: Tag) {
  const context = await browser.newContext({ baseURL, locale: tag, viewport: VIEWPORT, permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await installSynthCamera(page, { script: "silent", lighting: "indoor" });
  return { context, page };
}

/** A silent-mode order in `tag` without on-device guidance (the recording runs its whole window). */
async function silentOrder(baseURL: string, tag: Tag) {
  const partner = demoPartner(baseURL);
  const order = await partner.createOrder({
    userId: "e2e-synth-wait",
    liveType: "3",
    guidance: false,
    returnUrl: new URL("/#/srcEntry", baseURL).href,
    ...(tag === "zh-CN" ? {} : { launch: { lang: tag } }),
  });
  return { partner, order };
}

/** From the launch to a recording that ends by itself, in the language's own words. */
async function recordSilent(page: Page, launchUrl: string, t: Texts): Promise<void> {
  await page.goto(launchUrl);
  const splash = page.getByRole("button", { name: t.splash.next, exact: true });
  const start = page.getByRole("button", { name: t.start.startButton });
  await expect(splash.or(start)).toBeVisible();
  if (await splash.isVisible()) await splash.click();
  await start.click();
  await page.waitForURL(/#\/action\/vertify$/);
  const notice = page.getByRole("region", { name: t.light.noticeTitle });
  await notice.getByRole("button", { name: t.light.noticeContinue }).click();
  await page.getByRole("button", { name: t.capture.startRecord }).click();
  await expect(page.locator(".ff-rec-badge")).toBeVisible({ timeout: 20_000 });
}

/**
 * Holds the verdict: the first long poll is answered with `first` (where the service stands,
 * fixed for the picture), later ones wait until `release()` lets them through to the service.
 */
async function holdVerdict(page: Page, first: { step: string; progress: number }) {
  let answered!: () => void;
  const answeredOnce = new Promise<void>((resolve) => (answered = resolve));
  const waiting: Route[] = [];
  let released = false;
  let count = 0;
  await page.route("**/api/v1/attempts/*", async (route) => {
    if (released) return route.fallback();
    count += 1;
    if (count > 1) return void waiting.push(route);
    const attempt = Number(/\/attempts\/(\d+)/.exec(route.request().url())?.[1]);
    await route.fulfill({ json: { state: "verifying", attempt, ...first } });
    answered();
  });
  return {
    answered: answeredOnce,
    async release() {
      released = true;
      await page.unroute("**/api/v1/attempts/*");
      for (const route of waiting) await route.fallback();
    },
  };
}

/** How varied the picture is (luminance standard deviation, 0-255) and how bright, drawn small in the page. */
async function pictureSpread(page: Page, selector: string): Promise<{ std: number; mean: number; width: number }> {
  return page.locator(selector).evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext("2d")!;
    context.drawImage(img, 0, 0, 64, 64);
    const { data } = context.getImageData(0, 0, 64, 64);
    const luma: number[] = [];
    for (let i = 0; i < data.length; i += 4) luma.push(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
    const mean = luma.reduce((a, b) => a + b, 0) / luma.length;
    const std = Math.sqrt(luma.reduce((a, b) => a + (b - mean) ** 2, 0) / luma.length);
    return { std, mean, width: img.naturalWidth };
  });
}

/** What a person sees of the wait: the dimmed last picture in the circle, the status as the page's heading right under it, nothing else to do. */
async function expectWaitView(page: Page, t: Texts, root: string): Promise<void> {
  const still = page.locator(`${root} .ff-camera__still`);
  await expect(still).toBeVisible();
  await expect(still).toHaveAttribute("alt", "");
  await expect(page.locator(`${root} .ff-camera__idle`)).toHaveCount(0);
  // The recorded subject (a face under the screen's light), not the flat placeholder or a blank frame.
  const picture = await pictureSpread(page, `${root} .ff-camera__still`);
  expect(picture.width).toBeGreaterThanOrEqual(320);
  expect(picture.std).toBeGreaterThan(12);
  // Dimmed: it is what was recorded, not what the camera sees now.
  expect(await still.evaluate((el) => getComputedStyle(el).filter)).toMatch(/brightness\(0\.5\)/);

  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveCount(1);
  await expect(heading).toHaveText(t.verifying.title);
  await expect(page.locator(".ff-verifying__step")).toHaveText(t.verifySteps.analysing);
  // Half the service's work, after the upload's quarter of the bar: 25 + 75 × 0.5.
  const bar = page.getByRole("progressbar", { name: t.verifying.progressLabel });
  await expect(bar).toHaveAttribute("aria-valuenow", "63");
  await expect(bar).toHaveAttribute("aria-valuetext", fill(t.verifying.progressValue, { step: t.verifySteps.analysing, percent: "63" }));
  await expect(page.locator(".ff-verifying__hint")).toHaveText(t.verifying.hint);
  // Said by the page's progress region (a polite live region), as the bar is not one.
  await expect(page.locator("[data-channel=progress]")).toHaveText(fill(t.verifying.progressValue, { step: t.verifySteps.analysing, percent: "63" }));

  // Right under the circle, all of it on the first screen, the heading larger than the lines under it.
  const circle = (await page.locator(`${root} .ff-camera`).boundingBox())!;
  const status = (await page.locator(".ff-verifying").boundingBox())!;
  expect(status.y).toBeGreaterThanOrEqual(circle.y + circle.height);
  expect(status.y - (circle.y + circle.height)).toBeLessThan(40);
  expect(status.y + status.height).toBeLessThanOrEqual(VIEWPORT.height);
  const size = (selector: string) => page.locator(selector).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await size(".ff-verifying__title")).toBeGreaterThanOrEqual(20);
  expect(await size(".ff-verifying__title")).toBeGreaterThan(await size(".ff-verifying__hint"));
  // The recording's instruction and its buttons are done with.
  await expect(page.locator(".ff-recorder__title, .ff-recorder__detail, .ff-rec-prompt, .ff-rec-notice")).toHaveCount(0);
  await expect(page.getByRole("button")).toHaveCount(0);
}

for (const tag of LANGUAGES) {
  test(`${tag}: while the service verifies, the circle keeps the last picture recorded, dimmed, and 核验中 is the page's heading under it`, async ({ browser, baseURL }, testInfo) => {
    const t = textsOf(tag);
    const { partner, order } = await silentOrder(baseURL!, tag);
    const { context, page } = await synthPage(browser, baseURL!, tag);
    const foreign = watchThirdParty(page, baseURL!);
    const verdict = await holdVerdict(page, { step: "analysing", progress: 0.5 });
    await recordSilent(page, order.launchUrl, t);
    await expect(page.locator("html")).toHaveAttribute("lang", tag);

    await verdict.answered;
    // Reduced motion from here on (asked before, it records the light's alternative, digits read aloud).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectWaitView(page, t, ".ff-rec");
    // Reduced motion: the bar jumps to its value, it does not glide.
    expect(await page.locator(".ff-verifying__fill").evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0s");
    const shot = testInfo.outputPath(`wait-${tag}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`wait-${tag}`, { path: shot, contentType: "image/png" });

    await verdict.release();
    await expect(page.locator("[data-outcome=success]")).toBeVisible({ timeout: 30_000 });
    // The picture goes with the page.
    await expect(page.locator(".ff-camera__still")).toHaveCount(0);
    expect((await partner.getOrder(order.orderNo)).state).toBe("passed");
    expect(foreign).toEqual([]);
    await context.close();
  });
}

test("zh-CN, the real service's answers: the bar moves through the upload and while frames are analysed, never going back, over the dimmed last picture", async ({ browser, baseURL }) => {
  const t = textsOf("zh-CN");
  const { order } = await silentOrder(baseURL!, "zh-CN");
  const { context, page } = await synthPage(browser, baseURL!, "zh-CN");
  await recordSilent(page, order.launchUrl, t);
  // Every value the bar takes, with where the wait was, from the recording on (read in the page on each change).
  await page.evaluate(() => {
    const seen: { at: number; status: string; value: number; still: boolean }[] = [];
    (window as unknown as { __wait: typeof seen }).__wait = seen;
    const note = () => {
      const bar = document.querySelector(".ff-verifying__bar");
      if (!bar) return;
      const status = document.querySelector(".ff-verifying")?.getAttribute("data-status") ?? "";
      const value = Number(bar.getAttribute("aria-valuenow"));
      const last = seen[seen.length - 1];
      if (!last || last.status !== status || last.value !== value) seen.push({ at: Math.round(performance.now()), status, value, still: document.querySelector(".ff-camera__still") !== null });
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow", "data-status"] });
  });
  await expect(page.locator(".ff-verifying")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".ff-camera__still")).toBeVisible();
  await expect(page.locator("[data-outcome=success]")).toBeVisible({ timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { __wait: { at: number; status: string; value: number; still: boolean }[] }).__wait);
  console.log(`the wait as shown (ms, status, %):\n${seen.map((s) => `${s.at} ${s.status} ${s.value}`).join("\n")}`);

  const values = seen.map((s) => s.value);
  for (let i = 1; i < values.length; i++) expect(values[i], `step ${i} of ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(values[i - 1]!);
  // The upload fills the first quarter; the service's steps the rest, the face analysis in several moves.
  expect(seen.some((s) => s.status === "capture.uploading")).toBe(true);
  const analysing = new Set(seen.filter((s) => s.status === "verifySteps.analysing").map((s) => s.value));
  expect(analysing.size, JSON.stringify(seen)).toBeGreaterThanOrEqual(2);
  expect(Math.min(...analysing)).toBeGreaterThanOrEqual(25);
  // The dimmed picture stayed in the circle the whole wait.
  expect(seen.every((s) => s.still)).toBe(true);
  await context.close();
});

test("the stream page (websocket) waits the same way: its last picture streamed, dimmed, under 核验中", async ({ browser, baseURL }, testInfo) => {
  const t = textsOf("zh-CN");
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-synth-wait", liveType: "1", launch: { ws_mode_switch: "1" }, returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page } = await synthPage(browser, baseURL!, "zh-CN");
  const verdict = await holdVerdict(page, { step: "analysing", progress: 0.5 });
  await page.goto(order.launchUrl);
  await page.getByRole("button", { name: t.start.startButton }).click();
  // Real-time video is not configured on this service: the real-time page forwards to the stream.
  await page.waitForURL(/#\/action\/ws\/record$/);
  // Number mode shows the light: its notice comes before the stream's start.
  await answerLightNotice(page, "light");
  await expect(page.locator(".ff-realtime")).toHaveAttribute("data-phase", "ready");
  await page.getByRole("button", { name: t.realtime.start }).click();
  await expect(page.locator(".ff-realtime")).toHaveAttribute("data-phase", "capturing", { timeout: 15_000 });

  await verdict.answered;
  await expectWaitView(page, t, ".ff-realtime");
  const shot = testInfo.outputPath("wait-stream.png");
  await page.screenshot({ path: shot });
  await testInfo.attach("wait-stream", { path: shot, contentType: "image/png" });

  await verdict.release();
  await expect(page.locator("[data-outcome]")).toBeVisible({ timeout: 30_000 });
  await context.close();
});
