/**
 * What a user and a partner notice of the service's verdict: the 核验中 view while it
 * verifies, the result page, the demo partner page the user is handed back to (which has the
 * service check the signature), and the order as the partner API shows it.
 */
import { expect, type Page } from "@playwright/test";
import type { FaceflowPartner } from "@faceflow/partner";
import type { AttemptView } from "../schemas/api";

/**
 * Where the 核验中 view says the wait is (flows/texts.zh-CN.json: capture's checking, uploading and
 * settling, verifySteps, and verifying.waiting).
 */
const VERIFY_STEP = /^(正在检查视频…|正在上传视频|排队中|解码视频|分析人脸|识别语音|生成结果|正在查询核验进度…|正在获取验证结果…)，已完成 \d+%$/;

/**
 * Waits for the 核验中 view: its title and the progress bar 核验进度 with where the wait is, read
 * at one instant in the page (the view lasts only from the hand-over to the verdict, a few seconds).
 */
export async function expectVerifying(page: Page): Promise<void> {
  const seen = await page.waitForFunction(
    () => {
      const bar = [...document.querySelectorAll("[role=progressbar]")].find((el) => el.getAttribute("aria-label") === "核验进度");
      const title = document.querySelector(".ff-verifying__title")?.textContent;
      return bar !== undefined && title === "核验中" ? (bar.getAttribute("aria-valuetext") ?? "") : false;
    },
    undefined,
    { timeout: 30_000, polling: 50 },
  );
  expect(await seen.jsonValue()).toMatch(VERIFY_STEP);
}

/**
 * The result page (success or fail) with its title lines. `explain`, when given, is asked on a
 * mismatch for the service's own account (the page shows no code), so a refused honest take
 * says which check refused it and why.
 */
export async function expectResultPage(page: Page, outcome: "success" | "fail", lines: string[], explain?: () => Promise<string>): Promise<void> {
  try {
    await expect(page.locator(`[data-outcome=${outcome}] .ff-result__line`)).toHaveText(lines, { timeout: 30_000 });
  } catch (error) {
    if (!explain) throw error;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nthe service's verdict: ${await explain().catch((e: unknown) => `not read (${String(e)})`)}`);
  }
}

/** The order's judged attempts as the partner API shows them: status, code and each failed check's detail. */
export function verdictOf(partner: FaceflowPartner, orderNo: () => string | null): () => Promise<string> {
  return async () => {
    const no = orderNo();
    if (!no) return "no order number";
    const order = await partner.getOrder(no);
    return order.attempts
      .map((a) => `attempt ${a.seq} ${a.status} ${a.code ?? ""}: ${a.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.detail}`).join(" | ") || "no failed check"}`)
      .join("\n");
  };
}

/**
 * From a final result page back to the demo partner page (its only button: 完成 on success,
 * 返回 on a failure with no retry left), which shows the verdict, the signature check the
 * service made for it and the order's state.
 */
export async function backToDemo(page: Page, orderNo: string, expected: { code: string }): Promise<void> {
  const passed = expected.code === "0";
  await page.getByRole("button", { name: passed ? "完成" : "返回" }).click();
  await page.waitForURL((url) => url.searchParams.get("orderNo") === orderNo && /^#\/(entry|srcEntry|liveEntry)/.test(url.hash));
  await expect(page.locator(".ff-demo-verdict__title")).toHaveText(passed ? "核身通过" : "核身未通过");
  if (!passed) await expect(page.locator(".ff-demo-verdict__code")).toHaveText(`结果码 ${expected.code}`);
  await expect(page.locator(".ff-demo-signature[data-valid=true]")).toContainText("签名校验通过");
  await expect(page.locator(".ff-demo-list__row", { hasText: "订单状态" }).locator("dd")).toHaveText(passed ? "已通过" : "未通过");
}

/** The order's judged attempt (the one the service verified; digits-only attempts are left out). */
export async function judgedAttempt(partner: FaceflowPartner, orderNo: string): Promise<AttemptView> {
  const judged = (await partner.getOrder(orderNo)).attempts.filter((a) => a.status === "passed" || a.status === "failed");
  expect(judged).toHaveLength(1);
  return judged[0]!;
}

/** One named check of an attempt, failing the test when it did not run. */
export function checkOf(attempt: AttemptView, name: string): AttemptView["checks"][number] {
  const check = attempt.checks.find((c) => c.name === name);
  if (!check) throw new Error(`no '${name}' check in attempt ${attempt.seq}: ${attempt.checks.map((c) => c.name).join(", ")}`);
  return check;
}

/**
 * The fake pattern's verdict: no face, so the face check fails first (1015). Chromium's pattern
 * is the same frames every run, but a recording that fails on its own keeps its own code: the
 * replay check judges only what would otherwise pass.
 */
export function expectNoFace(attempt: AttemptView): void {
  expect(attempt).toMatchObject({ status: "failed", code: "1015", faceCode: "1015" });
  expect(checkOf(attempt, "face")).toMatchObject({ passed: false, detail: expect.stringMatching(/no face/i) });
  // What came before the face checks passed: the recording itself was fine.
  for (const name of ["media", "duration", "frameRate"]) expect(checkOf(attempt, name).passed).toBe(true);
}
