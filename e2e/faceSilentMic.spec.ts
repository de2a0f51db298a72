/**
 * Number mode with a face on camera and a microphone that works but hears nothing (the
 * "face-silent-mic" project: the face photo and a silent WAV, e2e/fakeMedia.setup.ts): the
 * face checks pass, but nobody read the digits, so the service fails the voice check (1021),
 * which the partner sees in the order view's attempt checks.
 */
import { expect, test } from "@playwright/test";
import { openRecorder, record, RECORD_SECONDS } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { checkOf, expectResultPage, expectVerifying, judgedAttempt } from "./verdict";

test("number mode with the face and a silent microphone: the digits were not read, so the voice check fails (1021)", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const order = await partner.createOrder({ userId: "e2e-silent-mic", liveType: "1", returnUrl: new URL("/#/entry", baseURL).href });
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await page.goto(order.launchUrl);
  await openRecorder(page, "数字活体");
  await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/);
  await record(page, RECORD_SECONDS["数字活体"]);
  await expectVerifying(page);
  await expectResultPage(page, "fail", ["活体检测未通过"]);
  await expect(page.getByRole("button", { name: "重新验证" })).toBeVisible();

  const attempt = await judgedAttempt(partner, order.orderNo);
  expect(attempt).toMatchObject({ status: "failed", code: "1021", faceCode: "0" });
  for (const name of ["face", "identity", "liveness"]) expect(checkOf(attempt, name).passed).toBe(true);
  expect(checkOf(attempt, "voice")).toMatchObject({ passed: false });
  // Nothing was heard, so what was said is not judged.
  expect(attempt.checks.map((c) => c.name)).not.toContain("speech");
  await context.close();
});
