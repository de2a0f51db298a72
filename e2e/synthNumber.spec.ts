/**
 * Number mode with a SYNTHETIC live subject as the page's camera and microphone (the
 * "synthetic" project, e2e/synthCamera.ts): its lips move with espeak-ng's Mandarin digits
 * (SPEECH_WAV_FILE, made by e2e/fakeMedia.setup.ts), which the microphone loops. The digits are
 * issued per attempt, so the WAV says all ten (SPOKEN_DIGITS) over and over: whichever four the
 * page shows are read within its window. No speech recogniser is configured in tests, so the
 * speech check passes saying the content was not recognised. Also: the same subject with a
 * microphone that hears nothing, and the photosensitive user's way out of the light modes
 * (the light notice's opt-out: digits read aloud instead, nothing flashing).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { FaceflowPartner } from "@faceflow/partner";
import type { AttemptView } from "../schemas/api";
import { mkdir } from "node:fs/promises";
import { makeSpeechWav } from "../tests/fixtures/mediaMaker";
import { SPEECH_WAV_FILE, SPOKEN_DIGITS } from "./fakeMediaFiles";
import { launchFromDemo, LIGHT_TEXTS, openRecorder, record, RECORD_SECONDS } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { installSynthCamera, type SynthCameraOptions } from "./synthCamera";
import { backToDemo, checkOf, expectResultPage, expectVerifying, judgedAttempt, verdictOf } from "./verdict";

const FACE_CHECKS = ["face", "identity", "liveness", "frozen"];

async function synthPage(browser: Browser, camera: SynthCameraOptions) {
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await installSynthCamera(page, camera);
  return { context, page };
}

test("synthetic subject reading the digits in number mode: the voice check passes, and the demo page verifies the signed 核身通过", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const { context, page } = await synthPage(browser, { script: "speech", lighting: "indoor", wav: SPEECH_WAV_FILE });
  const order = await launchFromDemo(page, "数字活体", { guidance: true });
  await openRecorder(page, "数字活体");
  await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/);
  await record(page, RECORD_SECONDS["数字活体"], async (p) => {
    // Number mode shows the light around the face while the digits are read.
    await expect(p.locator("[data-light-color]")).toHaveCount(1);
  });
  await expectVerifying(page);
  await expectResultPage(page, "success", ["活体检测通过"], verdictOf(partner, () => order.orderNo));
  await backToDemo(page, order.orderNo, { code: "0" });

  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt).toMatchObject({ status: "passed", code: "0", faceCode: "0" });
  for (const name of FACE_CHECKS) expect(checkOf(attempt, name).passed).toBe(true);
  expect(checkOf(attempt, "voice").passed).toBe(true);
  expect(checkOf(attempt, "faceWhileSpeaking").passed).toBe(true);
  // No recogniser here: presence alone, and listed as such (speechPresent, not speechContent).
  expect(checkOf(attempt, "speechPresent")).toMatchObject({ passed: true, detail: expect.stringMatching(/not recognised/i) });
  expect(checkOf(attempt, "lipSync")).toMatchObject({ passed: true });
  // The face answered this attempt's colours: a replay of another attempt's reading cannot.
  expect(checkOf(attempt, "light").passed).toBe(true);
  const view = await partner.getOrder(order.orderNo);
  expect(view.state).toBe("passed");
  expect(view.result?.checks?.split(",")).toEqual(expect.arrayContaining(["face", "voice", "lipSync", "speechPresent"]));
  await context.close();
});

test("synthetic subject with a microphone that hears nothing, in number mode: the digits were not read, so the voice check fails (1021)", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-silent-mic", liveType: "1", returnUrl: new URL("/#/entry", baseURL).href });
  // No WAV: the synthetic microphone works and sends silence.
  const { context, page } = await synthPage(browser, { script: "silent", lighting: "indoor" });
  await page.goto(order.launchUrl);
  await openRecorder(page, "数字活体");
  await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/);
  await record(page, RECORD_SECONDS["数字活体"]);
  await expectVerifying(page);
  await expectResultPage(page, "fail", ["活体检测未通过"]);
  await expect(page.getByRole("button", { name: "重新验证" })).toBeVisible();

  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt).toMatchObject({ status: "failed", code: "1021", faceCode: "0" });
  for (const name of FACE_CHECKS) expect(checkOf(attempt, name).passed).toBe(true);
  expect(checkOf(attempt, "voice")).toMatchObject({ passed: false });
  // Nothing was heard, so what was said is not judged.
  expect(attempt.checks.map((c) => c.name)).not.toEqual(expect.arrayContaining(["speechPresent"]));
  expect(attempt.checks.map((c) => c.name)).not.toEqual(expect.arrayContaining(["speechContent"]));
  await context.close();
});

/**
 * The light notice's opt-out on `mode`'s recording page: the alternative's note, fresh digits,
 * nothing flashing while they are read, the success page; the judged attempt, which the light
 * it never showed did not judge.
 */
async function passOptedOut(page: Page, partner: FaceflowPartner, orderNo: string, mode: "静默活体" | "数字活体"): Promise<AttemptView> {
  await openRecorder(page, mode, { light: "alternative" });
  await expect(page.getByText(LIGHT_TEXTS.alternativeNote)).toBeVisible();
  await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/, { timeout: 15_000 });
  await record(page, RECORD_SECONDS["数字活体"], async (p) => {
    // The opt-out route shows no light at all.
    await expect(p.locator("[data-light-color]")).toHaveCount(0);
  });
  await expectVerifying(page);
  // The mode's own result lines: the user is where they began.
  await expectResultPage(page, "success", ["活体检测通过"], verdictOf(partner, () => orderNo));
  const attempt = await judgedAttempt(partner, orderNo);
  expect(attempt).toMatchObject({ status: "passed", code: "0", faceCode: "0" });
  expect(attempt.checks.map((c) => c.name)).not.toContain("light");
  return attempt;
}

test("synthetic subject opting out of the flashing light in silent mode: the page takes number mode instead, nothing flashes, and reading the digits passes", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-light-opt-out", liveType: "3", guidance: false, returnUrl: new URL("/#/srcEntry", baseURL).href });
  // Another take than the first test's: the same seed, room and looped voice would be the same
  // recording, which the replay check rightly refuses (1035) when its frames fall alike.
  const { context, page } = await synthPage(browser, { script: "speech", lighting: "dim", seed: 7, wav: SPEECH_WAV_FILE });
  await page.goto(order.launchUrl);
  const attempt = await passOptedOut(page, partner, order.orderNo, "静默活体");
  for (const name of FACE_CHECKS) expect(checkOf(attempt, name).passed).toBe(true);
  // Judged as number mode: its voice.
  expect(checkOf(attempt, "voice").passed).toBe(true);
  await context.close();
});

test("synthetic subject opting out of the flashing light in number mode: fresh digits, nothing flashes, and reading them passes without the light check", async ({ browser, baseURL }, testInfo) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-number-opt-out", liveType: "1", returnUrl: new URL("/#/entry", baseURL).href });
  // Another voice than the other tests' looped WAV: the opt-out is judged on the voice and the
  // lips, and the same looped voice with the lips it drives is one performance to the replay
  // check (1035), as two recordings of one person's one reading would be.
  await mkdir(testInfo.outputDir, { recursive: true });
  const wav = await makeSpeechWav({ dir: testInfo.outputDir, text: SPOKEN_DIGITS, voice: "cmn+f2", name: "opt-out-voice" });
  const { context, page } = await synthPage(browser, { script: "speech", lighting: "indoor", seed: 11, wav });
  await page.goto(order.launchUrl);
  const attempt = await passOptedOut(page, partner, order.orderNo, "数字活体");
  // The opt-out's attempt is judged on the voice, the lips and the replay check.
  expect(checkOf(attempt, "lipSync").passed).toBe(true);
  await context.close();
});
