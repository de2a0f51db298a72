/**
 * The start page's consent steps with the keyboard alone (issue 17), which the demo partner
 * page cannot order (synthKeyboard.spec.ts walks the rest of a verification from there): the
 * enhanced authorisation (auth_type 2, need_auth 1) agreed with Enter, and the simple consent
 * tick box (auth_type 1), whose absence the start button reports and which Space ticks, up to
 * a recording started with Space. Every control passed on the way must show its focus.
 */
import { expect, test } from "@playwright/test";
import { expectFocusAtPageStart, tabTo } from "./a11y/keyboard";
import { DEFAULT_LANGUAGE } from "./a11y/languages";
import { launch, VIEWPORT } from "./a11y/reach";
import { LIGHT_TEXTS, lightNotice } from "./recordingFlow";

const ZH_CN = DEFAULT_LANGUAGE;

test.use({ viewport: VIEWPORT, permissions: ["camera", "microphone"], locale: ZH_CN.tag });

test("keyboard only: the enhanced authorisation, and the consent tick box before the start button, up to recording", async ({ page, baseURL }) => {
  await launch(page, baseURL!, "number", ZH_CN, { launch: { auth_type: "2", need_auth: "1" } });
  await tabTo(page, "link", /用户协议授权书/);
  await tabTo(page, "button", /^同意授权并继续$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "开始验证" })).toBeVisible();
  await expectFocusAtPageStart(page);

  await launch(page, baseURL!, "number", ZH_CN, { launch: { auth_type: "1" } });
  await tabTo(page, "button", /^开始验证$/);
  await page.keyboard.press("Enter");
  // Not ticked yet: the page says so and stays.
  await expect(page.getByText("请先阅读并勾选同意《用户协议授权书》")).toBeVisible();
  expect(new URL(page.url()).hash).toBe("#/h5pre");
  await tabTo(page, "checkbox", /我已阅读并同意/, { backwards: true });
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: /我已阅读并同意/ })).toBeChecked();
  await tabTo(page, "button", /^开始验证$/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/#\/vertify$/);
  await expectFocusAtPageStart(page);
  // Number mode shows the light: its notice comes first, continued with Enter.
  await expect(lightNotice(page)).toBeVisible();
  await tabTo(page, "button", new RegExp(`^${LIGHT_TEXTS.noticeContinue}$`));
  await page.keyboard.press("Enter");
  await expect(lightNotice(page)).toHaveCount(0);
  await tabTo(page, "button", /^开始录制$/);
  await page.keyboard.press("Space");
  await expect(page.locator(".ff-rec-badge")).toBeVisible({ timeout: 20_000 });
});
