/**
 * On-device face guidance and the service's face checks (issue 7), in Debian Chromium with
 * a real face photo fed to the fake camera (the "face" project; e2e/faceCamera.setup.ts)
 * and, for the negatives, the fake camera's plain pattern (a browser launched without the
 * photo). Orders are created with the partner kit and the guidance option left at its
 * default (on). No request may leave the service's origin: models and wasm are our own.
 */
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { createFaceflowPartner, type FaceflowPartner } from "../src/server/partner";
import { recordWithFrames, uploadWithFrames } from "./faceUpload";
import { DEMO_APP_ID, DEMO_SECRET } from "./signedLaunch";

function partnerOf(baseURL: string): FaceflowPartner {
  return createFaceflowPartner({ baseUrl: baseURL, appId: DEMO_APP_ID, secret: DEMO_SECRET });
}

/** Every request the page makes that is not to the service itself. */
function watchThirdParty(page: Page, baseURL: string): string[] {
  const foreign: string[] = [];
  const own = new URL(baseURL).host;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.host !== own) foreign.push(request.url());
  });
  return foreign;
}

async function startVerification(page: Page): Promise<void> {
  await page.getByRole("button", { name: "开始验证" }).click();
  await page.waitForURL(/#\/action\/vertify$/);
}

/** Opens the launch in a new context with the camera allowed, and starts recording. */
async function startRecording(browser: Browser, baseURL: string, launchUrl: string) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN", permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  const foreign = watchThirdParty(page, baseURL);
  await page.goto(launchUrl);
  await startVerification(page);
  await page.getByRole("button", { name: "开始录制" }).click();
  return { context, page, foreign };
}

/** The browser without the photo: the fake camera shows its own moving pattern. */
async function withPatternCamera<T>(run: (browser: Browser) => Promise<T>): Promise<T> {
  const use = test.info().project.use;
  const browser = await chromium.launch({
    ...use.launchOptions,
    args: (use.launchOptions?.args ?? []).filter((arg) => !arg.startsWith("--use-file-for-fake-video-capture")),
  });
  try {
    return await run(browser);
  } finally {
    await browser.close();
  }
}

const hint = (page: Page) => page.locator(".ff-guidance-hint");

test("silent mode with a face on camera: guidance finds it and says it is fine, the recording stops by itself, and the service finds the face again", async ({ browser, baseURL }) => {
  const partner = partnerOf(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-face", liveType: "3", returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page, foreign } = await startRecording(browser, baseURL!, order.launchUrl);

  await expect(hint(page)).toHaveAttribute("data-guidance-status", "active", { timeout: 30_000 });
  await expect(hint(page)).toHaveAttribute("data-guidance-hint", "ok");
  await expect(page.locator(".ff-guidance-box--ok")).toBeVisible();
  // Nobody presses 完成录制: the steady face completes the check and the recording stops.
  await expect(page.locator("[data-outcome=success]")).toBeVisible({ timeout: 40_000 });

  await page.getByRole("button", { name: "完成" }).click();
  await page.waitForURL((url) => url.searchParams.get("orderNo") === order.orderNo);
  const verdict = partner.verifyReturn(page.url());
  expect(verdict.valid).toBe(true);
  expect(verdict.payload).toMatchObject({ orderNo: order.orderNo, code: "0" });
  // liveRate is the photo's real anti-spoofing and liveness scores, not a count of checks.
  expect(Number(verdict.payload?.liveRate)).toBeGreaterThanOrEqual(50);

  const [attempt] = (await partner.getOrder(order.orderNo)).attempts;
  expect(attempt?.faceCode).toBe("0");
  expect(attempt?.guidance).toMatchObject({ status: "on", done: true });
  expect(attempt?.guidance?.evidenceAtMs.length).toBeGreaterThan(0);
  expect(attempt?.guidance?.hints.ok).toBeGreaterThan(0);
  const face = attempt?.checks.find((c) => c.name === "face");
  expect(face?.passed).toBe(true);
  expect(attempt?.checks.find((c) => c.name === "steady")?.passed).toBe(true);
  expect(foreign).toEqual([]);
  await context.close();
});

test("action mode with a photo: the face is found, but a photo never blinks, so the recording times out into the action-failure view and nothing is used up", async ({ browser, baseURL }) => {
  const partner = partnerOf(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-face", liveType: "2", actions: ["2"], returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page, foreign } = await startRecording(browser, baseURL!, order.launchUrl);
  await expect(hint(page)).toHaveAttribute("data-guidance-hint", "ok", { timeout: 30_000 });
  await expect(page.locator(".ff-rec-actions__now")).toContainText("请眨眼", { timeout: 15_000 });

  await expect(page.getByRole("heading", { name: "动作检测未通过" })).toBeVisible({ timeout: 15_000 });
  expect((await partner.getOrder(order.orderNo)).attempts).toHaveLength(0);
  // 重新录制 starts over on the same page, with the camera closed until the user starts again.
  await page.getByRole("button", { name: "重新录制" }).click();
  await expect(page.getByRole("button", { name: "开始录制" })).toBeEnabled();
  expect(foreign).toEqual([]);
  await context.close();
});

test("the plain fake pattern: guidance says no face is found, and the recording ends in the failure view instead of an upload", async ({ baseURL }) => {
  const partner = partnerOf(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-pattern", liveType: "3", returnUrl: new URL("/#/srcEntry", baseURL).href });
  await withPatternCamera(async (patternBrowser) => {
    const { context, page, foreign } = await startRecording(patternBrowser, baseURL!, order.launchUrl);
    await expect(hint(page)).toHaveAttribute("data-guidance-hint", "noFace", { timeout: 30_000 });
    await expect(hint(page)).toHaveText("未检测到人脸，请将面部移入框内");
    await expect(page.locator(".ff-guidance-box")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "未检测到人脸" })).toBeVisible({ timeout: 20_000 });
    expect((await partner.getOrder(order.orderNo)).attempts).toHaveLength(0);
    expect(foreign).toEqual([]);
    await context.close();
  });
});

test("the service's verifier: frames of the photo's recording show one face, frames of the pattern's none", async ({ browser, baseURL }) => {
  const partner = partnerOf(baseURL!);
  const judge = async (camera: Browser) => {
    const order = await partner.createOrder({ userId: "e2e-verifier", liveType: "3", returnUrl: new URL("/#/srcEntry", baseURL).href });
    const context = await camera.newContext({ baseURL: baseURL!, locale: "zh-CN", permissions: ["camera", "microphone"] });
    try {
      const page = await context.newPage();
      await page.goto(order.launchUrl);
      await page.getByRole("button", { name: "开始验证" }).waitFor();
      const sample = await recordWithFrames(page, 2500, 250);
      return await uploadWithFrames(context, baseURL!, sample);
    } finally {
      await context.close();
    }
  };
  const photo = await judge(browser);
  expect(photo.checks.find((c) => c.name === "face")).toMatchObject({ passed: true });
  expect(photo.checks.find((c) => c.name === "liveness")).toMatchObject({ passed: true });

  const pattern = await withPatternCamera(judge);
  expect(pattern.passed).toBe(false);
  const face = pattern.checks.find((c) => c.name === "face");
  expect(face?.passed).toBe(false);
  expect(face?.detail).toMatch(/no face/i);
});

test("with guidance turned off in the order, the page records without it and never downloads the face models", async ({ browser, baseURL }) => {
  const partner = partnerOf(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-face", liveType: "3", guidance: false, returnUrl: new URL("/#/srcEntry", baseURL).href });
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  const faceAssets: string[] = [];
  page.on("request", (request) => {
    if (/\.(wasm|bin)$|face-worker/.test(request.url())) faceAssets.push(request.url());
  });
  await page.goto(order.launchUrl);
  await startVerification(page);
  await page.getByRole("button", { name: "开始录制" }).click();
  await expect(page.locator(".ff-rec-badge")).toBeVisible({ timeout: 15_000 });
  await expect(hint(page)).toHaveCount(0);
  await page.waitForTimeout(1500);
  await page.getByRole("button", { name: "完成录制" }).click();
  await expect(page.locator("[data-outcome=success]")).toBeVisible({ timeout: 20_000 });
  const [attempt] = (await partner.getOrder(order.orderNo)).attempts;
  expect(attempt?.guidance).toBeNull();
  expect(attempt?.faceCode ?? null).toBeNull();
  expect(faceAssets).toEqual([]);
  await context.close();
});
