/**
 * When the page showed each prompt of one recording, on the recording's clock (0 = the
 * moment recording started): the upload's `meta.prompts` (schemas/api.ts). The service checks
 * each action after its prompt and listens for speech after the digits or the question, so
 * the times are the page's real ones: taken when the prompt reaches the screen, not when a
 * plan said it would.
 *
 * Prompts already on screen when the recording starts (the digits, the will question) are
 * at 0. A recording made outside the page (system camera, messaging app) has no clock the
 * page can see: everything it asked was shown before, so everything is at 0.
 */
import { actionCodeSchema, type CapturePrompt } from "../../schemas/api";
import type { CaptureRequest } from "./contract";

/** uploadMetaSchema.prompts takes at most this many. */
const MAX_PROMPTS = 8;
/** capturePromptSchema's atMs bound. */
const MAX_AT_MS = 600_000;

type ShownPrompt =
  /** Action number `index` of the request (an action may be asked twice, so the index names it). */
  | { what: "action"; index: number; action: string }
  | { what: "digits" }
  | { what: "question" };

export interface PromptLog {
  /** A recording started now: forgets the previous one's prompts. */
  recordingStarted(): void;
  /** `prompt` is on screen now. Once per prompt: showing it again keeps the first time. */
  shown(prompt: ShownPrompt): void;
  /** What to send with the recording, valid for uploadMetaSchema.prompts. */
  prompts(): CapturePrompt[];
}

const keyOf = (prompt: ShownPrompt) => (prompt.what === "action" ? `action:${prompt.index}` : prompt.what);

function toCapturePrompt(prompt: ShownPrompt, atMs: number): CapturePrompt | null {
  const at = Math.min(MAX_AT_MS, Math.max(0, Math.round(atMs)));
  if (prompt.what !== "action") return { what: prompt.what, atMs: at };
  // An action code this build cannot name is not a prompt the service could check.
  const action = actionCodeSchema.safeParse(prompt.action);
  return action.success ? { what: "action", action: action.data, atMs: at } : null;
}

/**
 * @example
 * const log = createPromptLog(() => performance.now());
 * log.recordingStarted(); log.shown({ what: "digits" }); // … later: log.shown({ what: "action", index: 0, action: "2" })
 * uploadRecording({ …, prompts: log.prompts() });
 */
export function createPromptLog(now: () => number): PromptLog {
  let startedAt: number | null = null;
  let seen = new Map<string, CapturePrompt>();
  return {
    recordingStarted() {
      startedAt = now();
      seen = new Map();
    },
    shown(prompt) {
      const key = keyOf(prompt);
      if (seen.has(key)) return;
      const entry = toCapturePrompt(prompt, startedAt === null ? 0 : now() - startedAt);
      if (entry) seen.set(key, entry);
    },
    prompts: () => [...seen.values()].sort((a, b) => a.atMs - b.atMs).slice(0, MAX_PROMPTS),
  };
}

/** The prompts of a recording made outside the page: all shown before it started. */
export function promptsShownBefore(request: Pick<CaptureRequest, "liveMode" | "will" | "digits" | "actions" | "question">): CapturePrompt[] {
  const shown: ShownPrompt[] = [
    ...(request.liveMode === "number" && request.digits !== null ? [{ what: "digits" } as const] : []),
    ...request.actions.map((action, index): ShownPrompt => ({ what: "action", index, action })),
    ...(request.will ? [{ what: "question" } as const] : []),
  ];
  return shown.flatMap((prompt) => toCapturePrompt(prompt, 0) ?? []).slice(0, MAX_PROMPTS);
}
