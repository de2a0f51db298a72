/**
 * Driving the recording pages as a user does, shared by the capture specs: an order from the
 * demo partner page (the service plays the partner's backend), the way from a mode's start
 * page to its recording page, and a recording made with the in-page recorder.
 */
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import type { LaunchResponse } from "../schemas/api";
import type { Texts } from "../schemas/texts";

/** The light notice's texts as shipped (flows/texts.zh-CN.json `light`), so tests name its parts as the user reads them. */
export const LIGHT_TEXTS: Texts["light"] = (JSON.parse(readFileSync(new URL("../flows/texts.zh-CN.json", import.meta.url), "utf8")) as Pick<Texts, "light">).light;

/** The light notice region (every mode, live and will), by its heading. */
export const lightNotice = (page: Page) => page.getByRole("region", { name: LIGHT_TEXTS.noticeTitle });

/**
 * Answers the light notice shown before recording in the light modes: "light" continues to the
 * colours (我知道了，继续), "alternative" is the photosensitive user's opt-out (number mode instead).
 */
export async function answerLightNotice(page: Page, choice: "light" | "alternative"): Promise<void> {
  const notice = lightNotice(page);
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: choice === "light" ? LIGHT_TEXTS.noticeContinue : LIGHT_TEXTS.noticeOptOut }).click();
  await expect(notice).toHaveCount(0);
}

/** The demo form's modes, by their labels. */
export const DEMO_MODES = ["数字活体", "动作活体", "静默活体", "意愿核身"] as const;
export type DemoMode = (typeof DEMO_MODES)[number];

/**
 * Seconds to record in each mode before pressing stop: number mode's window is 2-5 s, the
 * demo's two actions take two seconds each, will mode asks two actions and then the answer.
 */
export const RECORD_SECONDS: Record<DemoMode, number> = { 数字活体: 3, 动作活体: 4, 静默活体: 2, 意愿核身: 6.5 };

/** Fills the demo form for `mode`, presses its button and waits for the launch to open. */
export async function launchFromDemo(page: Page, mode: DemoMode, options: { guidance: boolean }): Promise<LaunchResponse> {
  await page.goto("/#/entry");
  await page.locator("label.ff-demo-mode", { hasText: mode }).click();
  await page.getByRole("checkbox", { name: "人脸引导" }).setChecked(options.guidance);
  let order: LaunchResponse | undefined;
  await page.route("**/demo/v1/orders", async (route) => {
    const response = await route.fetch();
    order = (await response.json()) as LaunchResponse;
    await route.fulfill({ response });
  });
  await page.getByRole("button", { name: "创建订单并开始核身" }).click();
  await expect.poll(() => order).toBeDefined();
  await page.waitForURL(order!.launchUrl);
  await page.unroute("**/demo/v1/orders");
  return order!;
}

/** The start page's button, through the splash page when there is one. */
export async function startVerification(page: Page): Promise<void> {
  const splash = page.getByRole("button", { name: "开始", exact: true });
  const start = page.getByRole("button", { name: "开始验证" });
  await expect(splash.or(start)).toBeVisible();
  if (await splash.isVisible()) await splash.click();
  await start.click();
}

/**
 * From the launch's start page to the mode's recording page. The light modes (all but number
 * mode; the demo's will mode is action-based) show the light notice there first: `light` says
 * how to answer it ("notice": leave it up for the test to answer).
 */
export async function openRecorder(page: Page, mode: DemoMode, options: { light?: "light" | "alternative" | "notice" } = {}): Promise<void> {
  await startVerification(page);
  const light = options.light ?? "light";
  if (mode === "数字活体") {
    // Number mode shows the light too (flows/checks.json): its notice comes before the start
    // button, once the page has its digits and config (the phase leaves "preparing" as the
    // notice goes up). A page recording through the file input cannot show it and takes the
    // opt-out unasked.
    await page.waitForURL(/#\/vertify$/);
    await expect(page.locator(".ff-recorder")).not.toHaveAttribute("data-phase", "preparing", { timeout: 15_000 });
    if (!(await lightNotice(page).isVisible())) return;
  } else if (mode !== "意愿核身") {
    await page.waitForURL(/#\/action\/vertify$/);
  } else {
    // The real-time page (src/ui/screens/TrtcRecordScreen.tsx) finds no real-time video on this service and degrades.
    // It shows the light notice before its own start button too.
    await page.waitForURL(/#\/action\/trtc\/willRecord$/);
    const start = page.getByRole("button", { name: "开始验证" });
    await expect(lightNotice(page).or(start)).toBeVisible();
    if (await lightNotice(page).isVisible()) await answerLightNotice(page, light === "alternative" ? "alternative" : "light");
    await start.click();
    await page.waitForURL(/#\/willDegrade\/transition$/);
    await page.getByRole("button", { name: "继续" }).click();
    await page.waitForURL(/#\/willDegrade\/index$/);
    // The degraded page may have taken the choice over from the real-time page.
    await expect(lightNotice(page).or(page.getByRole("button", { name: "开始录制" }))).toBeVisible();
    if (!(await lightNotice(page).isVisible())) return;
  }
  if (light !== "notice") await answerLightNotice(page, light);
}

/** Starts the in-page recorder and waits until it records. */
export async function startRecording(page: Page): Promise<void> {
  await page.getByRole("button", { name: "开始录制" }).click();
  await expect(page.locator(".ff-rec-badge")).toBeVisible({ timeout: 20_000 });
}

/** Records with the in-page recorder: start, let it run `seconds`, then stop (allowed by then). */
export async function record(page: Page, seconds: number, during: (page: Page) => Promise<void> = async () => undefined): Promise<void> {
  await startRecording(page);
  const started = Date.now();
  await during(page);
  await page.waitForTimeout(Math.max(0, seconds * 1000 - (Date.now() - started)));
  const stop = page.getByRole("button", { name: "完成录制" });
  await expect(stop).toBeEnabled();
  await stop.click();
}
