/**
 * The SYNTHETIC demo walk-through (`npm run demo:synthetic`, scripts/demo/) in silent mode,
 * its core function run against the suite's service as the command runs it against its own:
 * it must reach the result page with a pass, save a screenshot of each screen on the way, and
 * print the order number, the verdict and the staff order view's address with the token that
 * opens it. In the "synthetic" project: the walk-through installs the synthetic camera itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { expect, test } from "@playwright/test";
import { walkThrough } from "../scripts/demo/walkThrough";

/** playwright.config.ts webServer's FACEFLOW_ADMIN_TOKEN. */
const ADMIN_TOKEN = "e2e-admin-token-0123456789";
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height (its IHDR chunk, right after the signature). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${file} is a PNG`).toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("demo walk-through, silent mode: the demo page to a passed result and the signed return, every screen saved, and the order view's address printed", async ({ browser, baseURL, request }, testInfo) => {
  // Guidance loads its face models, the service verifies: a walk-through takes about a minute here.
  test.setTimeout(240_000);
  const outDir = testInfo.outputPath("demo-output");
  const printed: string[] = [];
  const result = await walkThrough({ browser, base: baseURL!, adminToken: ADMIN_TOKEN, mode: "silent", lang: "zh-CN", outDir, print: (line) => printed.push(line) });

  expect(result, `the service's verdict: ${result.reason ?? "no failed check"}`).toMatchObject({ mode: "silent", outcome: "success", passed: true, code: "0", reason: null, signatureValid: true });

  // Every screen of silent mode, in the order a user reaches them (核验中 may go by too quickly to be saved).
  const names = result.screens.map((s) => s.name).filter((n) => n !== "verifying");
  expect(names).toEqual(["demo-form", "start-page", "light-notice", "recording-page", "camera-ready", "recording", "result", "partner-result", "staff-order-view"]);
  const files = readdirSync(`${outDir}/silent`).sort();
  expect(files).toEqual(result.screens.map((s) => basename(s.file)));
  result.screens.forEach((screen, i) => expect(basename(screen.file)).toBe(`${String(i + 1).padStart(2, "0")}-${screen.name}.png`));
  // The flow's screens are phone-sized pictures; the staff view a desktop page.
  const shot = (name: string) => result.screens.find((s) => s.name === name)!.file;
  expect(pngSize(shot("result"))).toEqual({ width: 390, height: 844 });
  expect(pngSize(shot("staff-order-view")).width).toBe(1280);

  // What the terminal shows: the order, the verdict and the order view's address with its token, in the chosen language.
  const orderView = `${baseURL}/admin/orders/${result.orderNo}?lang=zh-CN&token=${ADMIN_TOKEN}`;
  expect(result.orderViewUrl).toBe(orderView);
  expect(printed).toEqual(expect.arrayContaining([`订单号：${result.orderNo}`, "结论：通过（结果码 0）", `工作人员订单视图：${orderView}`]));
  expect(printed.filter((line) => line.includes(".png"))).toHaveLength(result.screens.length);

  // The printed address opens the order for staff (the token is traded for a cookie on the way).
  const page = await request.get(orderView);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain(result.orderNo);
});
