/**
 * One mode of the SYNTHETIC demo, walked through as a newcomer would with a camera: the demo
 * partner page (the mode and language chosen, the rest as the form offers it: face guidance on,
 * but in action mode, see GUIDANCE), the start page, the light notice, the recording (the
 * synthetic subject of the browser tests, e2e/synthCamera.ts, answering the page's colours,
 * action prompts or digits), 核验中, the result page, back to the demo page with the signed
 * result, and the order as staff see it. Each screen is saved and printed (screenLog.ts); the
 * verdict is the service's own, read with the partner kit. Used by the command (synthDemo.ts)
 * and by e2e/synthDemo.spec.ts. */
import type { Browser, Page } from "@playwright/test";
import { launchResponseSchema } from "../../schemas/api";
import { DEMO_APP_ID, BUILT_IN_DEMO_SECRET } from "../../src/server/apps";
import { createFaceflowPartner } from "@faceflow/partner";
import { synthCameraScript, type SynthCameraOptions } from "../../e2e/synthCamera";
import { demoWords, fill } from "./demoWords";
import { flowTexts, type FlowText } from "./flowTexts";
import { orderVerdict, type OrderVerdict } from "./orderVerdict";
import { recordAndSubmit } from "./recordingSteps";
import { createScreenLog, type SavedScreen, type ScreenLog } from "./screenLog";

/** The modes the synthetic subject can pass (will mode needs an answer it cannot give). */
export const WALK_MODES = ["silent", "action", "number"] as const;
export type WalkMode = (typeof WALK_MODES)[number];

export interface WalkOptions {
  browser: Browser;
  /** The service's origin, e.g. http://127.0.0.1:8294. */
  base: string;
  adminToken: string;
  mode: WalkMode;
  /** The pages' language and the printed lines' (a tag of flows/languages.json). */
  lang: string;
  /** The mode's screenshots go to <outDir>/<mode>/. */
  outDir: string;
  print: (line: string) => void;
  /** The WAV the subject's microphone says, for number mode (espeak-ng's digits). */
  speechWav?: string;
}

export interface WalkResult extends OrderVerdict {
  mode: WalkMode;
  orderNo: string;
  /** The result page the user saw (its data-outcome), or "refused" when the page's guidance failed the recording before any upload. */
  outcome: "success" | "fail" | "refused";
  orderViewUrl: string;
  /** Whether the demo page and the partner kit both found the returned result's signature valid; null without a return (a failure). */
  signatureValid: boolean | null;
  screens: readonly SavedScreen[];
}

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;

const CAMERA: Record<WalkMode, Omit<SynthCameraOptions, "lighting">> = {
  silent: { script: "silent" },
  action: { script: "actions" },
  number: { script: "speech" },
};

/**
 * Face guidance as the demo form offers it (on), but for action mode: on a slow machine the
 * page's guidance looks at two or three frames a second (it stays on up to 400 ms a frame,
 * flows/capture.json) and misses the subject's brief blink or open mouth within action mode's
 * 5 s, then refuses the recording before uploading it (both runs here in which guidance stayed
 * on; in the other two it gave up as too slow and the service passed). Without it the prompts
 * move on by time and the service judges the actions from the whole recording.
 */
const GUIDANCE: Record<WalkMode, boolean> = { silent: true, action: false, number: true };

const MODE_TEXT = { silent: "demo.modeSilent", action: "demo.modeAction", number: "demo.modeNumber" } as const;

/** The staff page of one order, with the token that opens it (the service trades it for a cookie at once). */
export function orderViewUrl(base: string, orderNo: string, adminToken: string, lang: string): string {
  const query = new URLSearchParams({ lang, token: adminToken });
  return `${base}/admin/orders/${encodeURIComponent(orderNo)}?${query.toString()}`;
}

/** Walks one mode through to its verdict; throws (after saving the page) when a screen is not reached. */
export async function walkThrough(options: WalkOptions): Promise<WalkResult> {
  const { browser, base, mode, lang, print } = options;
  const words = demoWords(lang);
  const text = flowTexts(lang);
  if (mode === "number" && options.speechWav === undefined) throw new Error("number mode needs the subject's speech (speechWav)");
  const log = createScreenLog({ dir: `${options.outDir}/${mode}`, words, print });
  print("");
  print(fill(words.modeHeading, { mode: text(MODE_TEXT[mode]) }));
  if (!GUIDANCE[mode]) print(words.guidanceOff);

  const context = await browser.newContext({ baseURL: base, locale: lang, viewport: PHONE, permissions: ["camera", "microphone"] });
  try {
    const camera: SynthCameraOptions = { ...CAMERA[mode], lighting: "indoor", ...(mode === "number" ? { wav: options.speechWav } : {}) };
    await context.addInitScript({ content: await synthCameraScript(camera) });
    const page = await context.newPage();
    const orderNo = await orderFromDemoPage(page, log, text, mode, lang);
    print(fill(words.orderNo, { orderNo }));
    await startToRecorder(page, log, text, mode);
    const ended = await recordAndSubmit(page, log, text, mode, words);
    const outcome = ended.kind === "result" ? ended.outcome : "refused";

    const partner = createFaceflowPartner({ baseUrl: base, appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET });
    // Refused on the device: nothing reached the service, so it has no verdict to read.
    const verdict: OrderVerdict = ended.kind === "refused" ? { passed: false, code: "-", reason: null } : await orderVerdict(partner, orderNo);
    let signatureValid: boolean | null = null;
    if (outcome === "success") signatureValid = (await backToDemoPage(page, log, text, orderNo)) && partner.verifyReturn(page.url()).valid;

    const viewUrl = orderViewUrl(base, orderNo, options.adminToken, lang);
    await staffOrderView(browser, viewUrl, lang, log);
    if (ended.kind === "refused") print(fill(words.refusedOnDevice, { title: ended.title }));
    else print(fill(verdict.passed ? words.passed : words.failed, { code: verdict.code }));
    if (verdict.reason !== null) print(fill(words.failedReason, { reason: verdict.reason }));
    print(fill(words.orderView, { url: viewUrl }));
    return { mode, orderNo, outcome, orderViewUrl: viewUrl, signatureValid, screens: log.saved, ...verdict };
  } finally {
    await context.close();
  }
}

/** The demo partner page: the mode and the pages' language chosen, the order created; its number. */
async function orderFromDemoPage(page: Page, log: ScreenLog, text: FlowText, mode: WalkMode, lang: string): Promise<string> {
  await page.goto("/#/entry");
  const submit = page.getByRole("button", { name: text("demo.submit") });
  await log.reach(page, "demo-form", 30, (timeout) => submit.waitFor({ timeout }));
  await page.getByRole("radio", { name: text(MODE_TEXT[mode]) }).check();
  await page.getByRole("combobox", { name: text("demo.languageLabel") }).selectOption(lang);
  await page.getByRole("checkbox", { name: text("demo.guidance") }).setChecked(GUIDANCE[mode]);
  await log.save(page, "demo-form", { fullPage: true });
  // The page navigates to the launch as soon as it has the answer, when its body can no longer be read: read on the way.
  let created: { status: number; body: unknown } | null = null;
  await page.route("**/demo/v1/orders", async (route) => {
    const response = await route.fetch();
    created = { status: response.status(), body: await response.json().catch(() => null) };
    await route.fulfill({ response });
  });
  await submit.click();
  // A refused order leaves the form with its alert up (saved by reach when it times out).
  await log.reach(page, "start-page", 30, (timeout) => page.waitForURL((url) => created !== null && url.hash !== "#/entry", { timeout }));
  await page.unroute("**/demo/v1/orders");
  const answer: { status: number; body: unknown } = created ?? { status: 0, body: null };
  if (answer.status < 200 || answer.status > 299) throw new Error(`the demo backend answered the order with HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
  return launchResponseSchema.parse(answer.body).orderNo;
}

/** From the launch to the recording page: the start page, and the light notice of the light modes. */
async function startToRecorder(page: Page, log: ScreenLog, text: FlowText, mode: WalkMode): Promise<void> {
  const start = page.getByRole("button", { name: text("start.startButton") });
  await log.reach(page, "start-page", 30, (timeout) => start.waitFor({ timeout }));
  await log.save(page, "start-page");
  await start.click();
  // Every mode shows the light (flows/checks.json), number mode too.
  const notice = page.getByRole("region", { name: text("light.noticeTitle") });
  await log.reach(page, "light-notice", 30, (timeout) => notice.waitFor({ timeout }));
  await log.save(page, "light-notice");
  await notice.getByRole("button", { name: text("light.noticeContinue") }).click();
  await notice.waitFor({ state: "detached" });
}

/** From the success page's button back to the demo partner page, which checks the signature; whether it found it valid. */
async function backToDemoPage(page: Page, log: ScreenLog, text: FlowText, orderNo: string): Promise<boolean> {
  await page.getByRole("button", { name: text("results.button.success.finish") }).click();
  const signature = page.locator(".ff-demo-signature[data-valid]");
  await log.reach(page, "partner-result", 30, async (timeout) => {
    await page.waitForURL((url) => url.searchParams.get("orderNo") === orderNo, { timeout });
    await signature.waitFor({ timeout });
  });
  await log.save(page, "partner-result", { fullPage: true });
  return (await signature.getAttribute("data-valid")) === "true";
}

/** The staff order view, opened with its token in a desktop-sized window, saved whole. */
async function staffOrderView(browser: Browser, url: string, lang: string, log: ScreenLog): Promise<void> {
  const context = await browser.newContext({ locale: lang, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    const response = await page.goto(url);
    if (response === null || !response.ok()) throw new Error(`the staff order view answered HTTP ${response?.status() ?? "nothing"}: ${url}`);
    await log.save(page, "staff-order-view", { fullPage: true });
  } finally {
    await context.close();
  }
}
