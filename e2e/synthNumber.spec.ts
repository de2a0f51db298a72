/**
 * Number mode with a face on camera reading Mandarin digits (the "face-speech" project: the
 * face photo and espeak-ng's digits, which Chromium's fake microphone loops;
 * e2e/fakeMedia.setup.ts), from the demo partner page: the service hears the voice after the
 * digits were shown, with the face in the picture, and passes the attempt. No speech
 * recogniser is configured in tests, so the speech check passes saying the content was not
 * recognised.
 */
import { expect, test } from "@playwright/test";
import { launchFromDemo, openRecorder, record, RECORD_SECONDS } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { backToDemo, checkOf, expectResultPage, expectVerifying, judgedAttempt } from "./verdict";

test("number mode with the face reading digits: the voice check passes, and the demo page verifies the signed 核身通过", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  const order = await launchFromDemo(page, "数字活体", { guidance: true });
  await openRecorder(page, "数字活体");
  await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/);
  await record(page, RECORD_SECONDS["数字活体"]);
  await expectVerifying(page);
  await expectResultPage(page, "success", ["活体检测通过"]);
  await backToDemo(page, order.orderNo, { code: "0" });

  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt).toMatchObject({ status: "passed", code: "0", faceCode: "0" });
  expect(checkOf(attempt, "voice").passed).toBe(true);
  expect(checkOf(attempt, "faceWhileSpeaking").passed).toBe(true);
  expect(checkOf(attempt, "speech")).toMatchObject({ passed: true, detail: expect.stringMatching(/not recognised/i) });
  const view = await partner.getOrder(order.orderNo);
  expect(view.state).toBe("passed");
  expect(view.result?.checks?.split(",")).toEqual(expect.arrayContaining(["face", "voice", "speech"]));
  await context.close();
});
