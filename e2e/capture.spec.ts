/**
 * Camera capture end to end (issue 5) in Debian Chromium with the fake camera, against the
 * real service and its real checks (container, duration window, size, frames): number,
 * action, silent and will flows from the demo partner page (or a partner-kit launch) back
 * to the partner with a verified signature; a refused permission and its retry; no camera
 * at all and a permission prompt that never answers, both recorded through the file input;
 * an upload that fails twice and then gets through, judged once.
 */
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import captureJson from "../flows/capture.json" with { type: "json" };
import type { LaunchResponse } from "../schemas/api";
import { createFaceflowPartner } from "../src/server/partner";
import { createLaunch, DEMO_APP_ID, DEMO_SECRET } from "./signedLaunch";

const XSS = "<img src=x onerror=window.__xss=1>";
const ANDROID_UA = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const FAKE_DEVICE_FLAG = "--use-fake-device-for-media-stream";

/** Fills the demo form for `mode`, presses its button and waits for the launch to open. */
async function launchFromDemo(page: Page, mode: string): Promise<LaunchResponse> {
  await page.goto("/#/entry");
  await page.locator("label.ff-demo-mode", { hasText: mode }).click();
  // The fake camera's pattern has no face: these tests are about capture, not face guidance (face.spec.ts).
  await page.getByRole("checkbox", { name: "人脸引导" }).uncheck();
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

/** A partner-kit launch returning to the demo page (which verifies what comes back). */
async function partnerLaunch(baseURL: string, liveType: "1" | "2" | "3", returnRoute = "entry"): Promise<LaunchResponse> {
  return createLaunch(baseURL, { liveType, returnUrl: new URL(`/#/${returnRoute}`, baseURL).href });
}

/** The start page's button, through the splash page when there is one. */
async function startVerification(page: Page): Promise<void> {
  const splash = page.getByRole("button", { name: "开始", exact: true });
  const start = page.getByRole("button", { name: "开始验证" });
  await expect(splash.or(start)).toBeVisible();
  if (await splash.isVisible()) await splash.click();
  await start.click();
}

/** Records with the in-page recorder: start, let it run `seconds`, then stop (allowed by then). */
async function record(page: Page, seconds: number, during: (page: Page) => Promise<void> = async () => undefined): Promise<void> {
  await page.getByRole("button", { name: "开始录制" }).click();
  await expect(page.locator(".ff-rec-badge")).toBeVisible({ timeout: 15_000 });
  const started = Date.now();
  await during(page);
  await page.waitForTimeout(Math.max(0, seconds * 1000 - (Date.now() - started)));
  const stop = page.getByRole("button", { name: "完成录制" });
  await expect(stop).toBeEnabled();
  await stop.click();
}

/** From the success page back to the demo partner page, which has the service check the signature. */
async function finishToDemo(page: Page, orderNo: string): Promise<void> {
  await expect(page.locator("[data-outcome=success]")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "完成" }).click();
  await page.waitForURL((url) => url.searchParams.get("orderNo") === orderNo && /^#\/(entry|srcEntry|liveEntry)/.test(url.hash));
  await expect(page.getByText("签名校验通过")).toBeVisible();
  await expect(page.getByText("核身通过")).toBeVisible();
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

test("number mode: the digits are read on camera, uploaded, judged and handed back with a valid signature", async ({ browser }) => {
  const context = await cameraContext(browser);
  const page = await context.newPage();
  const order = await launchFromDemo(page, "数字活体");
  await startVerification(page);
  await page.waitForURL(/#\/vertify$/);
  await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/);
  await record(page, 3);
  await finishToDemo(page, order.orderNo);
  await context.close();
});

test("action mode: each action is prompted in turn while recording, and the result comes back signed", async ({ browser }) => {
  const context = await cameraContext(browser);
  const page = await context.newPage();
  const order = await launchFromDemo(page, "动作活体");
  await startVerification(page);
  await page.waitForURL(/#\/action\/vertify$/);
  await record(page, 4, async (p) => {
    await expect(p.locator(".ff-rec-actions__now")).toContainText("请眨眼");
    await expect(p.locator(".ff-rec-actions__now")).toContainText("请张嘴", { timeout: 5000 });
  });
  await finishToDemo(page, order.orderNo);
  await context.close();
});

test("silent mode from a partner backend: the partner kit verifies the returned signature", async ({ browser, baseURL }) => {
  const partner = createFaceflowPartner({ baseUrl: baseURL!, appId: DEMO_APP_ID, secret: DEMO_SECRET });
  const order = await partnerLaunch(baseURL!, "3", "srcEntry");
  const context = await cameraContext(browser);
  const page = await context.newPage();
  await page.goto(order.launchUrl);
  await startVerification(page);
  await page.waitForURL(/#\/action\/vertify$/);
  await expect(page.getByText("录制时请保持面部静止，无需说话或做动作")).toBeVisible();
  await record(page, 2);
  await expect(page.locator("[data-outcome=success]")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "完成" }).click();
  await page.waitForURL((url) => url.searchParams.get("orderNo") === order.orderNo);
  const verdict = partner.verifyReturn(page.url());
  expect(verdict.valid).toBe(true);
  expect(verdict.payload).toMatchObject({ orderNo: order.orderNo, code: "0" });
  const view = await partner.getOrder(order.orderNo);
  expect(view.state).toBe("passed");
  expect(view.attempts).toHaveLength(1);
  expect(view.attempts[0]!.recording?.bytes).toBeGreaterThan(captureJson.sizeKB.min.other * 1024);
  await context.close();
});

test("will mode: real-time video is unavailable, so the consent is recorded with sound on /willDegrade/index and comes back signed", async ({ browser }) => {
  const context = await cameraContext(browser);
  const page = await context.newPage();
  const order = await launchFromDemo(page, "意愿核身");
  await startVerification(page);
  // The real-time page (src/ui/screens/TrtcRecordScreen.tsx) finds no real-time video on this service and degrades.
  await page.waitForURL(/#\/action\/trtc\/willRecord$/);
  await page.getByRole("button", { name: "开始验证" }).click();
  await page.waitForURL(/#\/willDegrade\/transition$/);
  await page.getByRole("button", { name: "继续" }).click();
  await page.waitForURL(/#\/willDegrade\/index$/);
  await expect(page.locator(".ff-rec-question__text")).toHaveText("您是否本人自愿申请办理本次业务？");
  // Two actions of two seconds each, then the answer: stop is allowed after six seconds.
  await record(page, 6.5);
  await finishToDemo(page, order.orderNo);
  const partner = createFaceflowPartner({ baseUrl: new URL(order.launchUrl).origin, appId: DEMO_APP_ID, secret: DEMO_SECRET });
  const view = await partner.getOrder(order.orderNo);
  expect(view.result?.willCode).toBe("0");
  expect(view.attempts[0]!.checks.find((c) => c.name === "audioTrack")?.passed).toBe(true);
  await context.close();
});

test("a refused camera shows Android's no-permission screen, whose retry records once the permission is given", async ({ browser, baseURL }) => {
  const order = await partnerLaunch(baseURL!, "1");
  const context = await cameraContext(browser, { grant: false, userAgent: ANDROID_UA });
  const page = await context.newPage();
  await page.goto(order.launchUrl);
  await startVerification(page);
  await page.waitForURL(/#\/vertify$/);
  await page.getByRole("button", { name: "开始录制" }).click();
  await page.waitForURL(/#\/error\?status=trtc_androidNoWebcamPermission$/);
  await expect(page.getByText("未获得摄像头权限")).toBeVisible();
  await expect(page.getByText("3004")).toBeVisible();
  await expect(page.getByRole("button", { name: "退出" })).toBeVisible();
  await context.grantPermissions(["camera", "microphone"], { origin: baseURL! });
  await page.getByRole("button", { name: "重试" }).click();
  await startVerification(page);
  await page.waitForURL(/#\/vertify$/);
  await record(page, 3);
  await finishToDemo(page, order.orderNo);
  await context.close();
});

test("a browser without a camera records through the file input, and the service accepts the picked video", async ({ browser, baseURL }) => {
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
    await startVerification(page);
    await page.waitForURL(/#\/vertify$/);
    await expect(page.locator(".ff-recorder__hint")).toHaveText("将打开手机相机，请使用前置摄像头录制一段 2–5 秒的视频。录制时请朗读上方数字。");
    await pickVideo(page, sample);
    await finishToDemo(page, order.orderNo);
  } finally {
    await noCamera.close();
  }
});

test("a permission prompt that never answers switches to the file input (webcamNoPermissionTimeout) and still gets a result", async ({ browser, baseURL }) => {
  const sample = await recordSample(browser, baseURL!, 3);
  const order = await partnerLaunch(baseURL!, "1");
  const context = await cameraContext(browser);
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => new Promise<MediaStream>(() => undefined);
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(order.launchUrl);
  await startVerification(page);
  await page.waitForURL(/#\/vertify$/);
  await page.getByRole("button", { name: "开始录制" }).click();
  await expect(page.getByRole("button", { name: "正在开启摄像头…" })).toBeDisabled();
  await page.clock.fastForward(captureJson.camera.permissionTimeoutMs);
  await expect(page.getByRole("status").filter({ hasText: "摄像头长时间没有响应" })).toBeVisible();
  expect(new URL(page.url()).hash).toBe("#/vertify");
  await pickVideo(page, sample);
  await finishToDemo(page, order.orderNo);
  await context.close();
});

test("an upload that fails twice is retried with the same recording, judged once, and reaches the result", async ({ browser, baseURL }) => {
  const partner = createFaceflowPartner({ baseUrl: baseURL!, appId: DEMO_APP_ID, secret: DEMO_SECRET });
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
  await startVerification(page);
  await page.waitForURL(/#\/vertify$/);
  await record(page, 3);
  await finishToDemo(page, order.orderNo);
  expect(sent).toHaveLength(3);
  expect(sent[0]).toMatch(/^[0-9a-f]{64}$/);
  expect(new Set(sent).size).toBe(1);
  const view = await partner.getOrder(order.orderNo);
  expect(view.state).toBe("passed");
  expect(view.attempts.filter((a) => a.status !== "abandoned")).toHaveLength(1);
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
  await startVerification(page);
  await page.waitForURL(/#\/vertify$/);
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
