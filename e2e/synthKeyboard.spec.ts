/**
 * A whole verification with the keyboard alone (issue 17), on the demo partner page, in the
 * "synthetic" project (a SYNTHETIC live subject as the page's camera, e2e/synthCamera.ts, so
 * the service passes the check): Tab, arrow keys, Space and Enter only, no clicks. The demo
 * form orders silent mode with the splash page, which leads through the splash, the start
 * page, the light notice (answered with the keyboard too) and the recording page (which
 * ends by itself) to 核验中, the success page and back to the demo
 * page with its signed result. Every control passed on the way must show its
 * focus, and after each page change of the flow the focus starts at the new page's heading. axe also checks the success result and the returned demo page here, the only place
 * the service passes a recording.
 */
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./a11y/axe";
import { expectFocusAtPageStart, focused, tabTo } from "./a11y/keyboard";
import { VIEWPORT } from "./a11y/reach";
import { LIGHT_TEXTS, lightNotice } from "./recordingFlow";
import { demoPartner } from "./signedLaunch";
import { installSynthCamera } from "./synthCamera";
import { expectResultPage, expectVerifying, verdictOf } from "./verdict";

test.use({ viewport: VIEWPORT, permissions: ["camera", "microphone"], locale: "zh-CN" });

/** A name matched whole, for tabTo. */
function exactly(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped}$`);
}

test("keyboard only, synthetic subject: the demo form, the splash, the start page, the light notice, a silent recording, the success page and the signed result back on the demo page", async ({ page, baseURL }) => {
  await installSynthCamera(page, { script: "silent", lighting: "indoor" });
  await page.goto("/#/entry");
  await expect(page.getByRole("button", { name: "创建订单并开始核身" })).toBeVisible();

  // The mode is a radio group: Tab enters it at the chosen mode (动作活体), an arrow moves on.
  await tabTo(page, "radio", /动作活体/);
  await page.keyboard.press("ArrowDown");
  expect((await focused(page)).name).toMatch(/静默活体/);
  await expect(page.getByRole("radio", { name: "静默活体" })).toBeChecked();

  // The splash page, turned on with Space on its tick box.
  await tabTo(page, "checkbox", /显示引导页/);
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: /显示引导页/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "人脸引导" })).toBeChecked();

  await tabTo(page, "button", /创建订单并开始核身/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/#\/action\/h5pre\/slient/);

  await tabTo(page, "button", /^开始$/);
  await page.keyboard.press("Enter");
  await expectFocusAtPageStart(page);
  await tabTo(page, "button", /^开始验证$/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/#\/action\/vertify$/);
  await expectFocusAtPageStart(page);

  // The light notice stands where the recording's buttons will be: read, then continue with Enter.
  await expect(lightNotice(page)).toBeVisible();
  await tabTo(page, "button", exactly(LIGHT_TEXTS.noticeContinue));
  await page.keyboard.press("Enter");
  await expect(lightNotice(page)).toHaveCount(0);
  await tabTo(page, "button", /^开始录制$/);
  await page.keyboard.press("Space");
  await expect(page.locator(".ff-guidance-hint")).toHaveAttribute("data-guidance-hint", "ok", { timeout: 30_000 });
  // Nobody presses 完成录制: the recording ends with its window (a light recording is not cut short by guidance).
  await expectVerifying(page);
  // The order number rides in the launch address the demo form opened.
  const launched = () => /order_?no=([^&#]+)/i.exec(page.url())?.[1] ?? null;
  await expectResultPage(page, "success", ["活体检测通过"], verdictOf(demoPartner(baseURL!), launched));
  await expectFocusAtPageStart(page);
  await expectAccessible(page, "success result after a passed verdict (silent mode)");

  await tabTo(page, "button", /^完成$/);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("orderNo") !== null && url.hash.startsWith("#/entry"));
  await expect(page.locator(".ff-demo-verdict__title")).toHaveText("核身通过");
  await expect(page.locator(".ff-demo-signature[data-valid=true]")).toContainText("签名校验通过");
  // The checks list on a phone-wide page: every name whole on one line (it broke as fa|ce, frameR|ate).
  const names = await page.locator(".ff-demo-check").evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      // line-height may be "normal": about 1.2 of the font size.
      const line = Number.isFinite(parseFloat(style.lineHeight)) ? parseFloat(style.lineHeight) : 1.2 * parseFloat(style.fontSize);
      const box = el.getBoundingClientRect();
      return { text: el.textContent, lines: box.height / line, overflows: box.right > (el.closest("dd")?.getBoundingClientRect().right ?? 0) + 1 };
    }),
  );
  expect(names.length).toBeGreaterThanOrEqual(3);
  expect(names.filter((n) => n.lines > 1.5 || n.overflows)).toEqual([]);
  await expectAccessible(page, "the demo partner page with a passed, signed result");
  const partner = demoPartner(baseURL!);
  const verdict = partner.verifyReturn(page.url());
  expect(verdict.valid).toBe(true);
  expect(verdict.payload).toMatchObject({ code: "0" });
  expect((await partner.getOrder(verdict.payload!.orderNo)).state).toBe("passed");
});
