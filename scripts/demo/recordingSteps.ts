/**
 * The recording page of a demo walk-through, from the camera showing the SYNTHETIC face to the
 * result page: it starts the recording, saves what the mode shows while recording (the face
 * held still under the colours in silent mode, each action the page asks for, the digits to
 * read), stops the recording where a user would (number mode; action mode when guidance does
 * not run), and saves 核验中 and the result, or the page's own refusal before any upload. The
 * page is read at one instant each time (a poll), as 核验中 lasts only a second or two. */
import type { Page } from "@playwright/test";
import { DEFAULT_CUE } from "../../e2e/synthCamera";
import type { DemoWords } from "./demoWords";
import type { FlowText } from "./flowTexts";
import type { ScreenLog } from "./screenLog";
import type { WalkMode } from "./walkThrough";

/** What the recording page shows at one instant. */
interface RecordingState {
  recording: boolean;
  /** The action the page asks for now (data-action-code), its step (0-based) and the number of steps. */
  cue: { code: string; step: number; steps: number } | null;
  /** Face guidance's status ("loading", "active", "unavailable"), its hint ("ok" when all is well) and the hint's words. */
  guidance: { status: string; hint: string; words: string } | null;
  digitsShown: boolean;
  verifying: boolean;
  /** The result page's data-outcome. */
  outcome: string | null;
  /** The title of the page's own refusal (on-device guidance saw no action, no steady face, or no face), before any upload. */
  refusal: string | null;
}

/** How the walk-through ended on the page: the result page, or the page's refusal before the service saw anything. */
export type PageOutcome = { kind: "result"; outcome: "success" | "fail" } | { kind: "refused"; title: string };

const ACTION_TEXT = { "1": "demo.action1", "2": "demo.action2", "3": "demo.action3", "4": "demo.action4" } as const;

function isActionCode(code: string): code is keyof typeof ACTION_TEXT {
  return Object.prototype.hasOwnProperty.call(ACTION_TEXT, code);
}

/** Silent mode without guidance: the recording is saved this far in. */
const SILENT_SHOT_MS = 1_500;
/** Number mode: read the digits at least this long, then stop (its window is 2-5 s). */
const READ_MS = 3_000;
/** Action mode without guidance (the prompts move on by time, 2 s each): stop once the last one has had its time. */
const AFTER_LAST_ACTION_MS = 2_300;
/** From pressing record to 核验中 or the result, at most (guidance loads its face models first). */
const RECORDING_SECONDS = 120;

function readState(page: Page): Promise<RecordingState> {
  return page.evaluate(() => {
    const now = document.querySelector(".ff-rec-actions__now[data-action-code]");
    const chips = [...document.querySelectorAll(".ff-rec-actions .ff-chip")];
    const hint = document.querySelector(".ff-guidance-hint[data-guidance-status]");
    return {
      recording: document.querySelector(".ff-rec-badge") !== null,
      cue: now ? { code: now.getAttribute("data-action-code") ?? "", step: chips.findIndex((c) => c.classList.contains("ff-chip--now")), steps: chips.length } : null,
      guidance: hint ? { status: hint.getAttribute("data-guidance-status") ?? "", hint: hint.getAttribute("data-guidance-hint") ?? "", words: hint.textContent ?? "" } : null,
      digitsShown: /^\d{4}$/.test(document.querySelector(".ff-rec-digits__value")?.textContent?.trim() ?? ""),
      verifying: document.querySelector(".ff-verifying__title") !== null,
      outcome: document.querySelector("[data-outcome]")?.getAttribute("data-outcome") ?? null,
      refusal: document.querySelector(".ff-action-failure__title")?.textContent ?? null,
    };
  });
}

/**
 * Records on the mode's recording page, acting as a user would, until the result page (or the
 * page's own refusal). With guidance active the page stops the recording itself once it has seen
 * what it asked for, so the walk-through stops it only where a user must: number mode once the
 * digits were read and guidance says done (or is not running), action mode when guidance is not
 * running and the last prompt has had its time. The subject answers each action prompt itself
 * (e2e/synthCamera.ts DEFAULT_CUE).
 */
export async function recordAndSubmit(page: Page, log: ScreenLog, text: FlowText, mode: WalkMode, words: DemoWords): Promise<PageOutcome> {
  const record = page.getByRole("button", { name: text("capture.startRecord") });
  await log.reach(page, "recording-page", 30, (timeout) => record.waitFor({ timeout }));
  await log.save(page, "recording-page");
  // The camera opens with the press: the preview plays the synthetic camera during the countdown.
  await record.click();
  await log.reach(page, "camera-ready", 30, (timeout) =>
    page.waitForFunction(() => [...document.querySelectorAll("video")].some((v) => v.readyState >= 2 && v.videoWidth > 0), undefined, { timeout }),
  );
  await log.save(page, "camera-ready");
  await log.reach(page, "recording", 30, (timeout) => page.locator(".ff-rec-badge").waitFor({ timeout }));
  const started = Date.now();
  const done = text("guidance.actionDone");

  let cueStep = -1;
  let cueAt = started;
  let shownFine = false;
  let shownDigits = false;
  let stopped = false;
  const stop = async () => {
    stopped = true;
    await page.getByRole("button", { name: text("capture.stop") }).click();
  };
  const ended = await log.reach(page, "result", RECORDING_SECONDS, async (timeout): Promise<PageOutcome> => {
    const deadline = Date.now() + timeout;
    let verifyingSaved = false;
    for (;;) {
      if (Date.now() > deadline) throw new Error("still on the recording page");
      const state = await readState(page);
      if (state.outcome === "success" || state.outcome === "fail") return { kind: "result", outcome: state.outcome };
      if (state.refusal !== null) return { kind: "refused", title: state.refusal };
      if (state.verifying && !verifyingSaved) {
        verifyingSaved = true;
        const saved = await log.save(page, "verifying", { stillShown: async () => (await readState(page)).verifying });
        if (saved === null) log.note(words.verifyingTooQuick);
      }
      const guided = state.guidance?.status === "active";
      if (state.recording && !stopped) {
        // Once guidance says the face is fine, or a moment in when guidance is not running (a slow machine).
        if (mode === "silent" && !shownFine && (state.guidance?.hint === "ok" || (!guided && Date.now() - started > SILENT_SHOT_MS))) {
          shownFine = true;
          await log.save(page, "recording");
        }
        const cue = state.cue;
        if (mode === "action" && cue !== null && isActionCode(cue.code)) {
          const action = DEFAULT_CUE.actions[cue.code];
          if (cue.step !== cueStep) {
            cueStep = cue.step;
            cueAt = Date.now();
            await log.save(page, "action-cue", { detail: action ?? cue.code, describe: { action: text(ACTION_TEXT[cue.code]) } });
          }
          if (!guided && cue.step === cue.steps - 1 && Date.now() - cueAt > AFTER_LAST_ACTION_MS) await stop();
        }
        if (mode === "number" && state.digitsShown && !shownDigits && Date.now() - started > READ_MS / 2) {
          shownDigits = true;
          await log.save(page, "reading-digits");
        }
        if (mode === "number" && shownDigits && Date.now() - started > READ_MS && (!guided || state.guidance?.words === done)) await stop();
      }
      await page.waitForTimeout(100);
    }
  });
  await log.save(page, ended.kind === "result" ? "result" : "device-refused");
  return ended;
}
