/**
 * Camera capture end to end (issue 5) in Debian Chromium with the fake camera's pattern,
 * against the real service, which judges the media it receives: number, action, silent and
 * will flows from the demo partner page (or a partner-kit launch) record, upload, show 核验中
 * while the service verifies, and end on the fail page, because the pattern shows no face
 * (1015, in the partner's order view; a final failure goes back to the partner signed); a
 * refused permission and its retry; no camera at all and a permission prompt that never
 * answers, both recorded through the file input; an upload that fails twice and then gets
 * through, judged once. Face guidance is off here so every recording reaches the service
 * (with it on, the page stops a faceless recording itself: patternGuidance.spec.ts).
 */
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import captureJson from "../flows/capture.json" with { type: "json" };
import type { LaunchResponse } from "../schemas/api";
import { launchFromDemo, openRecorder, record, RECORD_SECONDS } from "./recordingFlow";
import { createLaunch, demoPartner } from "./signedLaunch";
import { backToDemo, checkOf, expectNoFace, expectResultPage, expectVerifying, judgedAttempt } from "./verdict";

const XSS = "<img src=x onerror=window.__xss=1>";
const ANDROID_UA = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const FAKE_DEVICE_FLAG = "--use-fake-device-for-media-stream";

/** A partner-kit launch returning to the demo page (which verifies what comes back). */
async function partnerLaunch(baseURL: string, liveType: "1" | "2" | "3", options: { returnRoute?: string; maxAttempts?: number } = {}): Promise<LaunchResponse> {
  return createLaunch(baseURL, {
    liveType,
    returnUrl: new URL(`/#/${options.returnRoute ?? "entry"}`, baseURL).href,
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  });
}

/** Number mode's fail page after the service's verdict, with a retry while attempts are left. */
async function expectNumberModeFailure(page: Page): Promise<void> {
  await expectVerifying(page);
  await expectResultPage(page, "fail", ["活体检测未通过"]);
  await expect(page.getByRole("button", { name: "重新验证" })).toBeVisible();
}

async function cameraContext(browser: Browser, options: { grant?: boolean; userAgent?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    permissions: options.grant === false ? [] : ["camera", "microphone"],
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
}

/** A real recording from the fake camera, made with MediaRecorder in a page of the service's origin. */
async function recordSample(browser: Browser, baseURL: string, seconds: number): Promise<{ buffer: Buffer; mimeType: string }> {
  const context = await cameraContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/#/protocol`);
    const sample = await page.evaluate(async (ms) => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: true });
      const type = ["video/mp4;codecs=avc1,opus", "video/webm;codecs=vp8,opus"].find((t) => MediaRecorder.isTypeSupported(t)) ?? "";
      const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 1_000_000 });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, ms));
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((t) => t.stop());
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { base64: btoa(binary), mimeType: recorder.mimeType.split(";")[0]! };
    }, seconds * 1000);
    return { buffer: Buffer.from(sample.base64, "base64"), mimeType: sample.mimeType };
  } finally {
    await context.close();
  }
}

/** Picks `sample` in the system-camera chooser the page opens from its 拍摄视频 button. */
async function pickVideo(page: Page, sample: { buffer: Buffer; mimeType: string }): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "拍摄视频" }).click();
  const opened = await chooser;
  expect(opened.isMultiple()).toBe(false);
  const input = opened.element();
  expect(await input.getAttribute("accept")).toBe("video/*");
  expect(await input.getAttribute("capture")).toBe("user");
  await opened.setFiles({ name: `VID_0001.${sample.mimeType === "video/mp4" ? "mp4" : "webm"}`, mimeType: sample.mimeType, buffer: sample.buffer });
}

test("number mode: the digits are read on camera and uploaded; 核验中 ends on the fail page, as the pattern shows no face (1015 on the digits issued)", async ({ browser, baseURL }) => {
  const context = await cameraContext(browser);
  const page = await context.newPage();
  const order = await launchFromDemo(page, "数字活体", { guidance: false });
  await openRecorder(page, "数字活体");
  const digits = page.locator(".ff-rec-digits__value");
  await expect(digits).toHaveText(/^\d{4}$/);
  const shown = await digits.textContent();
  await record(page, RECORD_SECONDS["数字活体"]);
  await expectNumberModeFailure(page);
  const attempt = await judgedAttempt(demoPartner(baseURL!), order.orderNo);
  expectNoFace(attempt);
  expect(attempt.digits).toBe(shown);
  expect(attempt.recording?.bytes).toBeGreaterThan(captureJson.sizeKB.min.other * 1024);
  await context.close();
});

test("action mode: each action is prompted in turn while recording; the service fails the faceless recording on the action fail page", async ({ browser, baseURL }) => {
  const context = await cameraContext(browser);
  const page = await context.newPage();
  const order = await launchFromDemo(page, "动作活体", { guidance: false });
  await openRecorder(page, "动作活体");
  await record(page, RECORD_SECONDS["动作活体"], async (p) => {
    await expect(p.locator(".ff-rec-actions__now")).toContainText("请眨眼");
    await expect(p.locator(".ff-rec-actions__now")).toContainText("请张嘴", { timeout: 5000 });
  });
  await expectVerifying(page);
  await expectResultPage(page, "fail", ["动作检测未通过", "活体检测未通过"]);
  expectNoFace(await judgedAttempt(demoPartner(baseURL!), order.orderNo));
  await context.close();
});

test("silent mode with one attempt: the failure ends the order, and 返回 hands the signed 1015 back to the partner", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partnerLaunch(baseURL!, "3", { returnRoute: "srcEntry", maxAttempts: 1 });
  const context = await cameraContext(browser);
  const page = await context.newPage();
  await page.goto(order.launchUrl);
  await openRecorder(page, "静默活体");
  await expect(page.getByText("录制时请保持面部静止，无需说话或做动作")).toBeVisible();
  await record(page, RECORD_SECONDS["静默活体"]);
  await expectVerifying(page);
  await expectResultPage(page, "fail", ["活体检测未通过"]);
  // No attempt left: no retry, only the way back.
  await expect(page.locator("[data-outcome=fail]").getByRole("button")).toHaveText(["返回"]);
  await backToDemo(page, order.orderNo, { code: "1015" });
  const verdict = partner.verifyReturn(page.url());
  expect(verdict.valid).toBe(true);
  expect(verdict.payload).toMatchObject({ orderNo: order.orderNo, code: "1015", liveRate: "0" });
  expect(verdict.payload?.checks?.split(",")).toEqual(expect.arrayContaining(["media", "duration", "face", "steady"]));
  const view = await partner.getOrder(order.orderNo);
  expect(view.state).toBe("failed");
  expect(view.result?.code).toBe("1015");
  expectNoFace(await judgedAttempt(partner, order.orderNo));
  await context.close();
});

test("will mode: real-time video is unavailable, so the consent is recorded with sound on /willDegrade/index; the service fails the faceless recording", async ({ browser, baseURL }) => {
  const context = await cameraContext(browser);
  const page = await context.newPage();
  const order = await launchFromDemo(page, "意愿核身", { guidance: false });
  await openRecorder(page, "意愿核身");
  await expect(page.locator(".ff-rec-question__text")).toHaveText("您是否本人自愿申请办理本次业务？");
  await record(page, RECORD_SECONDS["意愿核身"]);
  await expectVerifying(page);
  await expectResultPage(page, "fail", ["动作检测未通过", "意愿确认未通过"]);
  const attempt = await judgedAttempt(demoPartner(baseURL!), order.orderNo);
  expectNoFace(attempt);
  // The consent was listened to as well: the fake microphone's beep is sound, but not a voice.
  expect(checkOf(attempt, "voice").passed).toBe(false);
  await context.close();
});

test("a refused camera shows Android's no-permission screen, whose retry records once the permission is given", async ({ browser, baseURL }) => {
  const order = await partnerLaunch(baseURL!, "1");
  const context = await cameraContext(browser, { grant: false, userAgent: ANDROID_UA });
  const page = await context.newPage();
  await page.goto(order.launchUrl);
  await openRecorder(page, "数字活体");
  await page.getByRole("button", { name: "开始录制" }).click();
  await page.waitForURL(/#\/error\?status=trtc_androidNoWebcamPermission$/);
  await expect(page.getByText("未获得摄像头权限")).toBeVisible();
  await expect(page.getByText("3004")).toBeVisible();
  await expect(page.getByRole("button", { name: "退出" })).toBeVisible();
  await context.grantPermissions(["camera", "microphone"], { origin: baseURL! });
  await page.getByRole("button", { name: "重试" }).click();
  await openRecorder(page, "数字活体");
  await record(page, RECORD_SECONDS["数字活体"]);
  await expectNumberModeFailure(page);
  expectNoFace(await judgedAttempt(demoPartner(baseURL!), order.orderNo));
  await context.close();
});

test("a browser without a camera records through the file input, and the service judges the picked video: the pattern in it has no face (1015)", async ({ browser, baseURL }) => {
  const sample = await recordSample(browser, baseURL!, 3);
  const use = test.info().project.use;
  const noCamera = await chromium.launch({
    ...use.launchOptions,
    args: (use.launchOptions?.args ?? []).filter((arg) => arg !== FAKE_DEVICE_FLAG),
  });
  try {
    const context = await noCamera.newContext({ baseURL: baseURL!, locale: "zh-CN" });
    const page = await context.newPage();
    const order = await partnerLaunch(baseURL!, "1");
    await page.goto(order.launchUrl);
    await openRecorder(page, "数字活体");
    await expect(page.locator(".ff-recorder__hint")).toHaveText("将打开手机相机，请使用前置摄像头录制一段 2–5 秒的视频。录制时请朗读上方数字。");
    await pickVideo(page, sample);
    await expectNumberModeFailure(page);
    const attempt = await judgedAttempt(demoPartner(baseURL!), order.orderNo);
    expectNoFace(attempt);
    expect(attempt.recording?.bytes).toBe(sample.buffer.length);
  } finally {
    await noCamera.close();
  }
});

test("a permission prompt that never answers switches to the file input (webcamNoPermissionTimeout), and the picked video is judged", async ({ browser, baseURL }) => {
  const sample = await recordSample(browser, baseURL!, 3);
  const order = await partnerLaunch(baseURL!, "1");
  const context = await cameraContext(browser);
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => new Promise<MediaStream>(() => undefined);
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(order.launchUrl);
  await openRecorder(page, "数字活体");
  await page.getByRole("button", { name: "开始录制" }).click();
  await expect(page.getByRole("button", { name: "正在开启摄像头…" })).toBeDisabled();
  await page.clock.fastForward(captureJson.camera.permissionTimeoutMs);
  await expect(page.getByRole("status").filter({ hasText: "摄像头长时间没有响应" })).toBeVisible();
  expect(new URL(page.url()).hash).toBe("#/vertify");
  await pickVideo(page, sample);
  await expectNumberModeFailure(page);
  expectNoFace(await judgedAttempt(demoPartner(baseURL!), order.orderNo));
  await context.close();
});

test("an upload that fails twice is retried with the same recording, judged once, and reaches the result", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partnerLaunch(baseURL!, "1");
  const context = await cameraContext(browser);
  const page = await context.newPage();
  const sent: string[] = [];
  await page.route("**/api/v1/upload", async (route) => {
    const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
    sent.push(/"messageId":"([0-9a-f]{64})"/.exec(body)?.[1] ?? "(none)");
    if (sent.length <= 2) await route.abort("connectionreset");
    else await route.continue();
  });
  await page.goto(order.launchUrl);
  await openRecorder(page, "数字活体");
  await record(page, RECORD_SECONDS["数字活体"]);
  await expectNumberModeFailure(page);
  expect(sent).toHaveLength(3);
  expect(sent[0]).toMatch(/^[0-9a-f]{64}$/);
  expect(new Set(sent).size).toBe(1);
  const view = await partner.getOrder(order.orderNo);
  expect(view.state).toBe("in_progress");
  expect(view.attempts.filter((a) => a.status !== "abandoned")).toHaveLength(1);
  expectNoFace(await judgedAttempt(partner, order.orderNo));
  await context.close();
});

test("a camera that opens but gives no picture shows the record-timeout modal, high_light as text; re-record starts over, quit returns the recording-abnormal code", async ({ browser, baseURL }) => {
  const order = await createLaunch(baseURL!, { liveType: "1", returnUrl: new URL("/#/entry", baseURL).href, launch: { high_light: `网络|${XSS}|重新录制` } });
  const context = await cameraContext(browser);
  // A stream without tracks: granted, but no first frame ever arrives.
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = async () => new MediaStream();
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(order.launchUrl);
  await openRecorder(page, "数字活体");
  await page.getByRole("button", { name: "开始录制" }).click();
  await expect(page.getByText("请将面部移入框内")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.fastForward(captureJson.waveTimeoutMs + 1000);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("录制超时");
  await expect(dialog.locator("mark")).toHaveText(["网络", "重新录制"]);
  await expect(dialog.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();

  await dialog.getByRole("button", { name: "重新录制" }).click();
  await expect(page.getByRole("button", { name: "开始录制" })).toBeEnabled();
  await page.getByRole("button", { name: "开始录制" }).click();
  await page.clock.fastForward(captureJson.waveTimeoutMs + 1000);
  await page.getByRole("dialog").getByRole("button", { name: "退出" }).click();
  await page.waitForURL((url) => url.hash.startsWith("#/entry") && url.searchParams.get("code") === "3110");
  expect(new URL(page.url()).searchParams.get("orderNo")).toBe(order.orderNo);
  await context.close();
});
