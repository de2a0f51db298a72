/**
 * The fake camera's pattern (no face) with on-device face guidance on, in every mode from
 * the demo partner page: guidance says no face is found, and the recording ends in the
 * 未检测到人脸 view instead of an upload, so nothing reaches the service and none of the
 * order's attempts is used (with guidance off, the service fails the same recording:
 * capture.spec.ts). No request may leave the service's origin: models and wasm are our own.
 */
import { expect, test, type Page } from "@playwright/test";
import { DEMO_MODES, launchFromDemo, openRecorder, RECORD_SECONDS, startRecording, type DemoMode } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { watchThirdParty } from "./thirdParty";

/** Action and silent recordings stop by themselves; number and will mode wait for the user's stop. */
const STOPS_BY_ITSELF: Record<DemoMode, boolean> = { 数字活体: false, 动作活体: true, 静默活体: true, 意愿核身: false };

for (const mode of DEMO_MODES) {
  test(`${mode}: guidance finds no face in the pattern and the recording ends in 未检测到人脸, without an upload`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ permissions: ["camera", "microphone"] });
    const page = await context.newPage();
    const foreign = watchThirdParty(page, baseURL!);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/upload")) uploads.push(request.url());
    });
    const order = await launchFromDemo(page, mode, { guidance: true });
    await openRecorder(page, mode);
    await startRecording(page);
    const hint = page.locator(".ff-guidance-hint");
    await expect(hint).toHaveAttribute("data-guidance-status", "active", { timeout: 30_000 });
    await expect(hint).toHaveAttribute("data-guidance-hint", "noFace");
    await expect(hint).toHaveText("未检测到人脸，请将面部移入框内");
    await expect(page.locator(".ff-guidance-box")).toHaveCount(0);
    if (!STOPS_BY_ITSELF[mode]) {
      await page.waitForTimeout(RECORD_SECONDS[mode] * 1000);
      await page.getByRole("button", { name: "完成录制" }).click();
    }

    await expect(page.getByRole("heading", { name: "未检测到人脸" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("请正对屏幕，在光线充足处将面部移入框内后再录制。")).toBeVisible();
    await expect(page.getByRole("button", { name: "重新录制" })).toBeVisible();
    expect(uploads).toEqual([]);
    // Nothing was judged: number mode's digits and the light modes' colours were issued on
    // attempts that stay open (one drawn again supersedes the one before, abandoned), none with a recording.
    const view = await demoPartner(baseURL!).getOrder(order.orderNo);
    expect(view.state).toBe("in_progress");
    expect(view.attempts.filter((a) => !["pending", "abandoned"].includes(a.status) || a.recording !== null)).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
}
