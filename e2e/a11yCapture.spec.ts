/**
 * axe's WCAG 2.1 A/AA rules (issue 17) on the capture pages in each of their states, with the
 * fake camera's pattern, in the default theme and language on a phone-sized page: the start
 * page (with its splash, authorisation, consent tick and notice), the light notice, the recording page before,
 * during (with face guidance's "no face" hint, and with the action prompts) and after
 * recording, the upload's progress (the upload held until axe has run), 核验中 (the attempt's
 * status held), the fail result, the demo partner page the result goes back to, will mode's
 * pages with the question while recording and an upload that got no answer (the recording
 * kept to send again), the recording page of a browser without a camera, and the
 * record-timeout modal.
 */
import { chromium, expect, test, type Browser, type Page, type Route } from "@playwright/test";
import captureJson from "../flows/capture.json" with { type: "json" };
import { expectAccessible } from "./a11y/axe";
import { DEFAULT_LANGUAGE } from "./a11y/languages";
import { launch, settled, VIEWPORT } from "./a11y/reach";
import { answerLightNotice, lightNotice, openRecorder, RECORD_SECONDS, startRecording } from "./recordingFlow";

const ZH_CN = DEFAULT_LANGUAGE;

/**
 * A phone-sized page with the camera allowed. Reduced motion by default; the light modes'
 * pages need `motion: "no-preference"`, since a browser asking for reduced motion is taken
 * straight to their alternative (number mode) and never sees the light notice.
 */
async function cameraPage(browser: Browser, baseURL: string, options: { motion?: "reduce" | "no-preference" } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: ZH_CN.tag, viewport: VIEWPORT, reducedMotion: options.motion ?? "reduce", permissions: ["camera", "microphone"] });
  return context.newPage();
}

/** Holds the requests to `url` until `release` is called: the page shows what it shows while waiting. */
async function hold(page: Page, url: string, method = "GET"): Promise<{ held: Promise<void>; release: () => Promise<void> }> {
  let seen!: () => void;
  const held = new Promise<void>((resolve) => (seen = resolve));
  const waiting: Route[] = [];
  let released = false;
  await page.route(url, async (route) => {
    if (released || route.request().method() !== method) return route.fallback();
    waiting.push(route);
    seen();
  });
  return {
    held,
    release: async () => {
      released = true;
      await page.unroute(url);
      for (const route of waiting) await route.fallback();
    },
  };
}

test("the start page's steps: splash, enhanced authorisation, the page with its consent tick, the partner's notice and the toast asking for the tick", async ({ browser, baseURL }) => {
  const page = await cameraPage(browser, baseURL!);
  await launch(page, baseURL!, "number", ZH_CN, { launch: { splash_page: "1", auth_type: "2", need_auth: "1" } });
  await expect(page.getByRole("button", { name: "开始", exact: true })).toBeVisible();
  await expectAccessible(page, "start page: splash step");
  await page.getByRole("button", { name: "开始", exact: true }).click();
  await page.waitForURL(/authorized|seen=1/);
  await expectAccessible(page, "start page: authorisation step");

  await launch(page, baseURL!, "action", ZH_CN, { launch: { auth_type: "1", popup_context: "请在光线充足的地方完成验证。" } });
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "start page: the partner's notice dialog");
  await page.getByRole("dialog").getByRole("button").click();
  await expect(page.getByRole("checkbox")).toBeVisible();
  await expectAccessible(page, "start page: with the consent tick");
  await page.getByRole("button", { name: "开始验证" }).click();
  await expect(page.getByText("请先阅读并勾选同意《用户协议授权书》")).toBeVisible();
  await expectAccessible(page, "start page: the toast asking for the consent tick");
  await page.context().close();
});

test("number mode with face guidance: the recording page before and during recording with the no-face hint, and the 未检测到人脸 view after", async ({ browser, baseURL }) => {
  const page = await cameraPage(browser, baseURL!);
  await launch(page, baseURL!, "number", ZH_CN, { guidance: true });
  await expectAccessible(page, "start page (number mode)");
  await page.getByRole("button", { name: "开始验证" }).click();
  await page.waitForURL(/#\/vertify$/);
  await settled(page);
  await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/);
  await expect(page.getByRole("button", { name: "开始录制" })).toBeEnabled();
  await expectAccessible(page, "recording page before recording (number mode)");

  await startRecording(page);
  const hint = page.locator(".ff-guidance-hint");
  await expect(hint).toHaveAttribute("data-guidance-hint", "noFace", { timeout: 30_000 });
  await expectAccessible(page, "recording page during recording, guidance hint 'no face' (number mode)");
  await expect(page.getByRole("button", { name: "完成录制" })).toBeEnabled({ timeout: 10_000 });
  await page.getByRole("button", { name: "完成录制" }).click();
  await expect(page.getByRole("heading", { name: "未检测到人脸" })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, "after recording: guidance's 未检测到人脸 view");
  await page.context().close();
});

test("action mode, one attempt: the prompts while recording, the upload's progress, 核验中, the fail result and the demo page's signed result", async ({ browser, baseURL }) => {
  const page = await cameraPage(browser, baseURL!, { motion: "no-preference" });
  await launch(page, baseURL!, "action", ZH_CN, { maxAttempts: 1 });
  await page.getByRole("button", { name: "开始验证" }).click();
  await page.waitForURL(/#\/action\/vertify$/);
  await settled(page);
  await expect(lightNotice(page)).toBeVisible();
  await expectAccessible(page, "recording page's light notice, before anything flashes (action mode)");
  await answerLightNotice(page, "light");
  await expect(page.getByRole("button", { name: "开始录制" })).toBeEnabled();
  await expectAccessible(page, "recording page before recording (action mode)");
  await startRecording(page);
  await expect(page.locator(".ff-rec-actions__now")).toContainText("请眨眼");
  await expectAccessible(page, "recording page during recording, an action prompted (action mode)");

  const upload = await hold(page, "**/api/v1/upload", "POST");
  const status = await hold(page, "**/api/v1/attempts/*");
  await expect(page.getByRole("button", { name: "完成录制" })).toBeEnabled({ timeout: 10_000 });
  await page.getByRole("button", { name: "完成录制" }).click();
  await upload.held;
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expectAccessible(page, "the upload's progress");
  await upload.release();
  await status.held;
  await expect(page.locator(".ff-verifying__title")).toHaveText("核验中");
  await expectAccessible(page, "核验中 (verdict waiting)");
  await status.release();

  await expect(page.locator("[data-outcome=fail] .ff-result__line")).toHaveText(["动作检测未通过", "活体检测未通过"], { timeout: 30_000 });
  await expectAccessible(page, "fail result after a verdict, no attempt left (action mode)");
  await page.getByRole("button", { name: "返回" }).click();
  await expect(page.locator(".ff-demo-signature[data-valid=true]")).toBeVisible();
  await expectAccessible(page, "the demo partner page with the signed result");
  await page.context().close();
});

test("will mode: the splash, the degraded recording page before and during recording with the question, and a recording kept after its upload failed", async ({ browser, baseURL }) => {
  const page = await cameraPage(browser, baseURL!, { motion: "no-preference" });
  await launch(page, baseURL!, "will", ZH_CN);
  await expectAccessible(page, "will mode's splash step");
  await openRecorder(page, "意愿核身");
  await settled(page);
  await expect(page.getByRole("button", { name: "开始录制" })).toBeEnabled();
  await expectAccessible(page, "/willDegrade/index before recording");
  await page.route("**/api/v1/upload", (route) => route.abort("connectionreset"));
  await startRecording(page);
  await expect(page.locator(".ff-rec-question__text")).toBeVisible();
  await expectAccessible(page, "/willDegrade/index during recording, the question showing");
  // Stop is enabled once the question has had its time.
  await expect(page.getByRole("button", { name: "完成录制" })).toBeEnabled({ timeout: RECORD_SECONDS["意愿核身"] * 1000 + 5000 });
  await page.getByRole("button", { name: "完成录制" }).click();
  await expect(page.getByRole("button", { name: "重新上传" })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, "a recording kept after its upload failed");
  await page.context().close();
});

test("the recording page of a browser without a camera: the system camera through a file input", async ({ baseURL }) => {
  const use = test.info().project.use;
  const noCamera = await chromium.launch({ ...use.launchOptions, args: (use.launchOptions?.args ?? []).filter((arg) => arg !== "--use-fake-device-for-media-stream") });
  try {
    const page = await cameraPage(noCamera, baseURL!);
    await launch(page, baseURL!, "number", ZH_CN);
    await page.getByRole("button", { name: "开始验证" }).click();
    await page.waitForURL(/#\/vertify$/);
    await expect(page.getByRole("button", { name: "拍摄视频" })).toBeVisible();
    await expectAccessible(page, "recording page with the file input (no camera)");
  } finally {
    await noCamera.close();
  }
});

test("the record-timeout modal, when the camera gives no picture", async ({ browser, baseURL }) => {
  const page = await cameraPage(browser, baseURL!);
  // A stream without tracks: granted, but no first frame ever arrives (as in capture.spec.ts).
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = async () => new MediaStream();
  });
  await page.clock.install();
  await launch(page, baseURL!, "number", ZH_CN);
  await page.getByRole("button", { name: "开始验证" }).click();
  await page.waitForURL(/#\/vertify$/);
  // Reduced motion takes the light's opt-out, whose digits come after the page's first ones:
  // the start button is enabled only once they have.
  const start = page.getByRole("button", { name: "开始录制" });
  await expect(start).toBeEnabled();
  await start.click();
  await page.clock.fastForward(captureJson.waveTimeoutMs + 1000);
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText("录制超时");
  await expectAccessible(page, "the record-timeout modal");
  await page.context().close();
});
