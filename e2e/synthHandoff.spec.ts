/**
 * Continuing on a phone (issue 32), in the "synthetic" project: its browser has no fake camera,
 * so a desktop context has no camera at all, while the phone context gets the SYNTHETIC live
 * subject (e2e/synthCamera.ts). The desktop offers the phone; the test reads the QR code off a
 * screenshot with a decoder (jsqr), the phone opens that link and passes the check, ends on
 * "go back to the computer" without ever learning the return address, and the desktop hands
 * the signed result back to the demo partner page. A second device opening the used link is
 * refused with its screen.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { API_ERROR_CODES } from "../schemas/apiCodes";
import { answerLightNotice, openRecorder, startRecording } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { installSynthCamera } from "./synthCamera";
import { watchThirdParty } from "./thirdParty";
import { backToDemo, expectResultPage, expectVerifying, verdictOf } from "./verdict";

const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

async function desktopPage(browser: Browser, baseURL: string) {
  // No camera permission and no camera: this project's browser has no fake devices.
  const context = await browser.newContext({ baseURL, locale: "zh-CN", userAgent: DESKTOP_UA, viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN", userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await installSynthCamera(page, { script: "silent", lighting: "indoor" });
  return { context, page };
}

/** The link the QR code on the page holds, read from a screenshot of it by a decoder. */
async function readQr(page: Page): Promise<string> {
  const png = PNG.sync.read(await page.locator(".ff-handoff__qr").screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  if (decoded === null) throw new Error("the QR code on the handoff page could not be decoded");
  return decoded.data;
}

// Two browsers, a recording and its verification: longer than the default minute.
test.setTimeout(150_000);

test("a desktop without a camera continues on a phone: the QR code decodes to the link, the phone passes the check and is sent back to the computer, the desktop hands the signed result to the partner, and the used link is refused to a second device", async ({ browser, baseURL }) => {
  const partner = demoPartner(baseURL!);
  const returnUrl = new URL("/#/srcEntry", baseURL).href;
  const order = await partner.createOrder({ userId: "e2e-handoff", liveType: "3", guidance: false, returnUrl });
  const desktop = await desktopPage(browser, baseURL!);
  const foreign = watchThirdParty(desktop.page, baseURL!);
  await desktop.page.goto(order.launchUrl);

  // The start page sees no camera on this desktop and offers the phone.
  const offer = desktop.page.locator("[data-phone-offer]");
  await expect(offer).toHaveAttribute("data-phone-offer", "noCamera", { timeout: 15_000 });
  await expect(desktop.page.getByText("这台电脑没有可用的摄像头")).toBeVisible();
  await offer.click();
  await desktop.page.waitForURL(/#\/handoff$/);
  const state = desktop.page.locator(".ff-handoff");
  await expect(state).toHaveAttribute("data-handoff-state", "waiting");
  await expect(desktop.page.locator("[data-handoff-code]")).toHaveText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);

  const link = await readQr(desktop.page);
  expect(link).toMatch(new RegExp(`^${baseURL}/m/[A-Za-z0-9_-]{22}$`));
  await expect(desktop.page.locator("[data-handoff-link]")).toHaveText(link);

  const phone = await phonePage(browser, baseURL!);
  await phone.page.goto(link);
  // The phone's start page has the order's mode but not the return address, nor the launch's signature.
  await phone.page.waitForURL(/#\/action\/h5pre\/slient/);
  expect(new URL(phone.page.url()).searchParams.get("url")).toBeNull();
  expect(new URL(phone.page.url()).searchParams.get("sign")).toBeNull();
  await expect(state).toHaveAttribute("data-handoff-state", "connected", { timeout: 25_000 });

  // The phone asking for the return address or the signed result is refused.
  const asked = await phone.page.evaluate(async () => {
    const result = await fetch("/api/v1/result", { credentials: "include" });
    const check = await fetch("/api/v1/return-url", { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: location.origin + "/#/srcEntry" }) });
    return [result.status, ((await result.json()) as { code: string }).code, check.status, ((await check.json()) as { code: string }).code];
  });
  expect(asked).toEqual([403, API_ERROR_CODES.handoffPhone, 403, API_ERROR_CODES.handoffPhone]);

  await openRecorder(phone.page, "静默活体", { light: "notice" });
  await answerLightNotice(phone.page, "light");
  await startRecording(phone.page);
  const recordingSince = Date.now();
  await expect(state).toHaveAttribute("data-handoff-state", /recording|verifying/, { timeout: 25_000 });
  const stop = phone.page.getByRole("button", { name: "完成录制" });
  await expect(stop).toBeEnabled({ timeout: 15_000 });
  // Well inside silent mode's 1-5 s window, and long enough for the 50 KB floor on a loaded machine.
  await phone.page.waitForTimeout(Math.max(0, 3500 - (Date.now() - recordingSince)));
  await stop.click();
  await expectVerifying(phone.page).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\nthe phone shows: ${await phone.page.locator("body").innerText()} at ${phone.page.url()}`);
  });

  // The phone ends on its own page: done, go back to the computer; nothing to press, nowhere to go.
  await expect(phone.page.locator("[data-handoff=phone] .ff-result__line"))
    .toHaveText(["手机端验证已完成"], { timeout: 60_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nthe phone shows: ${await phone.page.locator("body").innerText()}\nthe service's verdict: ${await verdictOf(partner, () => order.orderNo)()}`);
    });
  await expect(phone.page.getByText("请回到电脑上继续")).toBeVisible();
  await expect(phone.page.getByRole("button")).toHaveCount(0);
  expect(phone.page.url()).not.toContain("srcEntry");

  // The desktop finishes as if it had recorded itself: the result page, then the signed result to the partner.
  await expectResultPage(desktop.page, "success", ["活体检测通过"], verdictOf(partner, () => order.orderNo));
  await backToDemo(desktop.page, order.orderNo, { code: "0" });
  const verdict = partner.verifyReturn(desktop.page.url());
  expect(verdict.valid).toBe(true);
  expect(verdict.payload).toMatchObject({ orderNo: order.orderNo, code: "0" });
  expect((await partner.getOrder(order.orderNo)).state).toBe("passed");

  // A second device opening the used link is refused with its screen.
  const other = await phonePage(browser, baseURL!);
  await other.page.goto(link);
  await other.page.waitForURL(/#\/error\?status=handoffUsed/);
  await expect(other.page.getByRole("heading", { name: "此链接已被使用" })).toBeVisible();
  expect(foreign).toEqual([]);
  for (const c of [desktop.context, phone.context, other.context]) await c.close();
});
