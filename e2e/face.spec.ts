/**
 * On-device guidance and the service's face checks with a still face photo fed to the fake
 * camera (the "face" project; e2e/fakeMedia.setup.ts) and the fake microphone's beep, and, for
 * the verifier's negative, the fake camera's plain pattern (a browser launched without the
 * photo). Guidance finds the photo's face, but the service now refuses it in the light modes
 * on its presence checks: as a looped still (frozen, 1033) or for not answering the screen's
 * light (1029-1031: a print does not brighten with the colours as a face near the screen does).
 * Which comes first varies from run to run (the fake camera's noisy frames repeat every second,
 * and how many sampled pairs are identical depends on timing); the passing verifications are the SYNTHETIC subject's
 * (synth*.spec.ts). Orders are created with the partner kit, guidance at its default (on)
 * unless a test turns it off. No request may leave the service's origin: models and wasm are
 * our own.
 */
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import type { AttemptView } from "../schemas/api";
import { recordWithFrames, uploadWithFrames } from "./faceUpload";
import { openRecorder, startRecording } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { watchThirdParty } from "./thirdParty";
import { backToDemo, checkOf, expectResultPage, expectVerifying, judgedAttempt } from "./verdict";

/** Opens the launch in a new context with the camera allowed, on the action/silent recording page. */
async function openRecordingPage(browser: Browser, baseURL: string, launchUrl: string) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN", permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  const foreign = watchThirdParty(page, baseURL);
  await page.goto(launchUrl);
  await openRecorder(page, "动作活体");
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
const FACE_CHECKS = ["face", "identity", "liveness"];

/** The presence check behind each code the photo may be refused with first. */
const PRESENCE_CODES: Record<string, string> = { "1033": "frozen", "1029": "light", "1030": "light", "1031": "light" };

/** The photo refused on a presence check (frozen or light), its face found and the failing check the one the code names. */
function expectPresenceRefusal(attempt: AttemptView): void {
  expect(attempt.status).toBe("failed");
  expect(Object.keys(PRESENCE_CODES)).toContain(attempt.code);
  for (const name of FACE_CHECKS) expect(checkOf(attempt, name).passed).toBe(true);
  expect(checkOf(attempt, PRESENCE_CODES[attempt.code ?? ""] ?? "").passed).toBe(false);
}

test("silent mode with a photo: guidance finds the face, but the service refuses the photo on a presence check (frozen 1033, or the light 1029-1031) and the partner sees the order not passed", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-face", liveType: "3", returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page, foreign } = await openRecordingPage(browser, baseURL!, order.launchUrl);
  await startRecording(page);
  await expect(hint(page)).toHaveAttribute("data-guidance-hint", "ok", { timeout: 30_000 });
  // Nobody presses 完成录制: the recording's window ends it (a light recording is not stopped early).
  await expectVerifying(page);
  await expect(page.locator("[data-outcome=fail]")).toBeVisible({ timeout: 30_000 });

  const attempt = await judgedAttempt(partner, order.orderNo);
  expectPresenceRefusal(attempt);
  expect((await partner.getOrder(order.orderNo)).state).not.toBe("passed");
  expect(foreign).toEqual([]);
  await context.close();
});

test("action mode with a photo: the face is found, but a photo never blinks, so the recording times out into the action-failure view and nothing is used up", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-face", liveType: "2", actions: ["2"], returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page, foreign } = await openRecordingPage(browser, baseURL!, order.launchUrl);
  await startRecording(page);
  await expect(hint(page)).toHaveAttribute("data-guidance-hint", "ok", { timeout: 30_000 });
  await expect(page.locator(".ff-rec-actions__now")).toContainText("请眨眼", { timeout: 15_000 });

  await expect(page.getByRole("heading", { name: "动作检测未通过" })).toBeVisible({ timeout: 15_000 });
  // Nothing was judged: the only attempt is the one the light's fetch opened, still pending (as number mode's digits open one).
  expect((await partner.getOrder(order.orderNo)).attempts.map((a) => a.status)).toEqual(["pending"]);
  // 重新录制 starts over on the same page, with the camera closed until the user starts again.
  await page.getByRole("button", { name: "重新录制" }).click();
  await expect(page.getByRole("button", { name: "开始录制" })).toBeEnabled();
  expect(foreign).toEqual([]);
  await context.close();
});

test("action mode with a photo and guidance off: the recording is uploaded, and the service finds the face but refuses it on a presence check (frozen or light) before judging the actions", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-face", liveType: "2", actions: ["1", "2"], guidance: false, returnUrl: new URL("/#/srcEntry", baseURL).href });
  const { context, page } = await openRecordingPage(browser, baseURL!, order.launchUrl);
  await startRecording(page);
  await expect(page.locator(".ff-rec-actions__now")).toContainText("请摇头");
  await expect(page.locator(".ff-rec-actions__now")).toContainText("请眨眼", { timeout: 5000 });
  // Nobody presses 完成录制: the recording's window ends it (a busy machine made a timed press race that end).
  await expectVerifying(page);
  await expectResultPage(page, "fail", ["动作检测未通过", "活体检测未通过"]);
  await expect(page.getByRole("button", { name: "重新验证" })).toBeVisible();

  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt.guidance).toBeNull();
  expectPresenceRefusal(attempt);
  expect((await partner.getOrder(order.orderNo)).state).toBe("in_progress");
  await context.close();
});

test("the service's verifier: frames of the photo's recording show one face, frames of the pattern's none", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const judge = async (camera: Browser) => {
    const order = await partner.createOrder({ userId: "e2e-verifier", liveType: "3", returnUrl: new URL("/#/srcEntry", baseURL).href });
    const context = await camera.newContext({ baseURL: baseURL!, locale: "zh-CN", permissions: ["camera", "microphone"] });
    try {
      const page = await context.newPage();
      await page.goto(order.launchUrl);
      await page.getByRole("button", { name: "开始验证" }).waitFor();
      // A silent-mode upload must follow the light's issue (409 LIGHT_REQUIRED otherwise). This
      // client fetches it and shows nothing, so the light check fails; the face checks, judged
      // before it, are what this test reads.
      expect((await context.request.get(`${baseURL}/api/v1/light`)).ok()).toBe(true);
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
  expect(pattern).toMatchObject({ passed: false, code: "1015" });
  const face = pattern.checks.find((c) => c.name === "face");
  expect(face?.passed).toBe(false);
  expect(face?.detail).toMatch(/no face/i);
});
