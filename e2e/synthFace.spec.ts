/**
 * Silent and action modes passing with a SYNTHETIC live subject (the "synthetic" project:
 * e2e/synthCamera.ts renders a real person's face on Human's mesh in the page as it records,
 * lit by the colours the page shows and answering the page's action prompts), now that a still
 * photo on Chromium's fake camera fails the service's frozen and light checks (face.spec.ts
 * shows it failing). Orders are created with the partner kit; no request may leave the
 * service's origin (models and wasm are our own).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { answerLightNotice, lightNotice, openRecorder, record, RECORD_SECONDS, startRecording } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { watchThirdParty } from "./thirdParty";
import { installSynthCamera, type SynthCameraOptions } from "./synthCamera";
import { backToDemo, checkOf, expectResultPage, expectVerifying, judgedAttempt, verdictOf } from "./verdict";

/** A page with the camera and microphone allowed whose getUserMedia gives the synthetic subject. */
async function synthPage(browser: Browser, baseURL: string, camera: SynthCameraOptions) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN", permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await installSynthCamera(page, camera);
  return { context, page, foreign: watchThirdParty(page, baseURL) };
}

/** Every colour the light overlay carried in `data-light-color`, in order, from now on (read on each change in the page). */
async function watchLightColors(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __lightColors: string[] }).__lightColors = seen;
    const note = () => {
      const color = document.querySelector("[data-light-color]")?.getAttribute("data-light-color");
      if (color && seen[seen.length - 1] !== color) seen.push(color);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-light-color"] });
  });
  return () => page.evaluate(() => (window as unknown as { __lightColors: string[] }).__lightColors);
}

const hint = (page: Page) => page.locator(".ff-guidance-hint");
const FACE_CHECKS = ["face", "identity", "liveness"];
const PRESENCE_CHECKS = ["frozen", "light"];

test("synthetic subject, silent mode with guidance: the light notice, guidance says it is fine, the recording stops by itself, the service passes it, and the demo page verifies the signed 核身通过", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-synth", liveType: "3", returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page, foreign } = await synthPage(browser, baseURL!, { script: "silent", lighting: "indoor" });
  await page.goto(order.launchUrl);
  await openRecorder(page, "静默活体");
  await startRecording(page);

  await expect(hint(page)).toHaveAttribute("data-guidance-status", "active", { timeout: 30_000 });
  await expect(hint(page)).toHaveAttribute("data-guidance-hint", "ok");
  await expect(page.locator(".ff-guidance-box--ok")).toBeVisible();
  // Nobody presses 完成录制: the steady face completes guidance's check, and the recording ends with its window (a light recording is not cut short).
  await expectVerifying(page);
  await expectResultPage(page, "success", ["活体检测通过"], verdictOf(partner, () => order.orderNo));

  await backToDemo(page, order.orderNo, { code: "0" });
  const verdict = partner.verifyReturn(page.url());
  expect(verdict.valid).toBe(true);
  expect(verdict.payload).toMatchObject({ orderNo: order.orderNo, code: "0" });
  expect(Number(verdict.payload?.liveRate)).toBeGreaterThanOrEqual(50);
  expect(verdict.payload?.checks?.split(",")).toEqual(expect.arrayContaining([...FACE_CHECKS, ...PRESENCE_CHECKS, "steady"]));

  expect((await partner.getOrder(order.orderNo)).state).toBe("passed");
  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt).toMatchObject({ status: "passed", code: "0", faceCode: "0" });
  // Guidance gives up on a machine too slow for it ("slow"): say which, if it did.
  expect(attempt.guidance, `guidance report ${JSON.stringify(attempt.guidance)}`).toMatchObject({ status: "on", done: true });
  for (const name of [...FACE_CHECKS, ...PRESENCE_CHECKS, "steady"]) expect(checkOf(attempt, name).passed).toBe(true);
  expect(foreign).toEqual([]);
  await context.close();
});

test("synthetic subject, silent mode without guidance: the page never downloads the face models, shows the light full screen around the face (data-light-color changing while recording), and the service passes the face that reflected it", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-synth", liveType: "3", guidance: false, returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page } = await synthPage(browser, baseURL!, { script: "silent", lighting: "indoor" });
  const faceAssets: string[] = [];
  page.on("request", (request) => {
    if (/\.(wasm|bin)$|face-worker/.test(request.url())) faceAssets.push(request.url());
  });
  await page.goto(order.launchUrl);
  await openRecorder(page, "静默活体", { light: "notice" });
  // Nothing flashes before the user has read what will happen and chosen.
  await expect(page.locator("[data-light-color]")).toHaveCount(0);
  await answerLightNotice(page, "light");
  await expect(lightNotice(page)).toHaveCount(0);
  const colors = await watchLightColors(page);

  await startRecording(page);
  await expect(page.locator(".ff-light[data-light-color]")).toBeVisible();
  // The sequence changes colour several times (the light check needs at least four changes seen).
  await expect.poll(async () => (await colors()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
  const stop = page.getByRole("button", { name: "完成录制" });
  await expect(stop).toBeEnabled();
  await stop.click();
  await expectVerifying(page);
  await expectResultPage(page, "success", ["活体检测通过"], verdictOf(partner, () => order.orderNo));
  expect(await colors()).toEqual(expect.arrayContaining([expect.stringMatching(/^#[0-9a-f]{6}$/)]));

  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt.guidance).toBeNull();
  expect(attempt).toMatchObject({ status: "passed", code: "0", faceCode: "0" });
  for (const name of [...FACE_CHECKS, ...PRESENCE_CHECKS, "steady"]) expect(checkOf(attempt, name).passed).toBe(true);
  expect(faceAssets).toEqual([]);
  await context.close();
});

test("synthetic subject, action mode without guidance: each prompt names its action (data-action-code), the subject does what it is asked, and the service passes the actions and the light", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-synth", liveType: "2", actions: ["1", "2"], guidance: false, returnUrl: new URL("/#/srcEntry", baseURL).href });
  // The subject acts only on the page's cue, after a human reaction time (DEFAULT_CUE).
  const { context, page } = await synthPage(browser, baseURL!, { script: "actions", lighting: "indoor" });
  await page.goto(order.launchUrl);
  await openRecorder(page, "动作活体");
  const prompt = page.locator(".ff-rec-actions__now");
  // The demo's two actions, two seconds each, then 完成录制.
  await record(page, RECORD_SECONDS["动作活体"], async () => {
    await expect(prompt).toContainText("请摇头");
    await expect(prompt).toHaveAttribute("data-action-code", "1");
    await expect(prompt).toContainText("请眨眼", { timeout: 5000 });
    await expect(prompt).toHaveAttribute("data-action-code", "2");
  });
  await expectVerifying(page);
  await expectResultPage(page, "success", ["动作检测完成", "活体检测通过"], verdictOf(partner, () => order.orderNo));

  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt).toMatchObject({ status: "passed", code: "0", faceCode: "0" });
  for (const name of [...FACE_CHECKS, ...PRESENCE_CHECKS, "actions"]) expect(checkOf(attempt, name).passed).toBe(true);
  await context.close();
});
