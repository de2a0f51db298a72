/**
 * The recordings the verification figures of `npm run bench` verify (scripts/verifyBench.ts):
 * SYNTHETIC bona fide takes (tests/fixtures/synth, rendered through the attack bench's
 * renderTake), 5 s long, one per mode, each answering its own attempt's challenge as an honest
 * page records it, so that every check of the mode runs to its verdict:
 * - silent: holding still under the attempt's light sequence;
 * - action: two actions (a recording of two may last 5 s, capture.json maxMultipleActions),
 *   blink among them, so the iris model runs, under the light (not a shake: the synthetic shake
 *   followed by another action is confirmed too late for the second in about a third of takes,
 *   whether the detector runs on every frame or not, so the take would not reliably pass);
 * - number: the digits read aloud in Mandarin (lip-sync), under the light;
 * - will: the consent spoken (lip-sync), silent will order, under the light.
 * Made at run time with ffmpeg and espeak-ng; nothing is committed.
 */
import type { VerifyAsk } from "../schemas/verifyJob";
import type { LightChallenge } from "../schemas/lightChallenge";
import type { ServerLimits } from "../src/server/limits";
import { drawLightChallenge, type RandomInt } from "../src/server/light/drawLight";
import { lightCoverMs } from "../src/server/routes/light";
import { lightModes } from "../src/server/light/lightModes";
import { checksFileSchema } from "../schemas/checks";
import * as z from "zod/mini";
import { readFlowJson } from "./flowFiles";
import { seededRandom } from "../tests/fixtures/synth/subjectScript";
import { WILL_QUESTION, type ActionCode } from "./attacks/attemptClient";
import { lightShownFor, promptsFor } from "./attacks/submission";
import { renderTake } from "./attacks/subjectMedia";

export const COST_MODES = ["silent", "action", "number", "will"] as const;
export type CostMode = (typeof COST_MODES)[number];

/** Blink then open mouth (the partner example of docs/partners.md): blink needs the iris model on every analysed frame. */
export const BENCH_ACTIONS: readonly ActionCode[] = ["2", "3"];
export const TAKE_SECONDS = 5;

/** The order each mode's take answers (the parts of it the ask and the light need). */
const ORDERS = {
  silent: { liveType: "3", actions: [], will: null },
  action: { liveType: "2", actions: BENCH_ACTIONS, will: null },
  number: { liveType: "1", actions: [], will: null },
  will: { liveType: "3", actions: [], will: { question: WILL_QUESTION, nod: false } },
} as const satisfies Record<CostMode, { liveType: VerifyAsk["liveType"]; actions: readonly ActionCode[]; will: VerifyAsk["will"] }>;

export interface BenchTake {
  mode: CostMode;
  file: string;
  seconds: number;
  /** What the service's job asks of this recording (as queueRecording.ts's askOf builds it). */
  ask: VerifyAsk;
}

/** Which modes show the light: flows/checks.json, as the service reads it. */
const CHECKS = z.parse(checksFileSchema, readFlowJson("flows/checks.json"));

/** The attempt's challenge as the service draws it: the light for modes that show it, digits for number mode. */
export function drawChallenge(mode: CostMode, limits: ServerLimits, seed: number): { light: LightChallenge | null; digits: string | null } {
  const next = seededRandom(seed);
  const random: RandomInt = (max) => Math.floor(next() * max);
  const order = ORDERS[mode];
  const light = !lightModes(CHECKS, order.liveType, order.will !== null) ? null : drawLightChallenge(lightCoverMs(limits, { liveType: order.liveType, actions: [...order.actions], will: order.will && { question: order.will.question, questions: null, willType: "1" } }), random);
  const digits = mode === "number" ? Array.from({ length: 4 }, () => String(random(10))).join("") : null;
  return { light, digits };
}

/**
 * A SYNTHETIC bona fide take of `mode` answering `challenge` (seeded: the same seed renders the
 * same take), with the ask an honest page's upload makes of it.
 * @example const take = await makeBenchTake({ dir, mode: "will", challenge: drawChallenge("will", limits, 7), seed: 7 });
 */
export async function makeBenchTake(options: {
  dir: string;
  mode: CostMode;
  challenge: { light: LightChallenge | null; digits: string | null };
  seed: number;
  name?: string;
}): Promise<BenchTake> {
  const { dir, mode, seed, challenge } = options;
  const order = ORDERS[mode];
  // The page starts the light 150-400 ms after the recorder (submission.ts lightStartMs), here drawn from the seed.
  const startMs = 150 + Math.floor(seededRandom(seed ^ 0x5bd1e995)() * 250);
  const clip = await renderTake({
    dir,
    name: options.name ?? `synth-${mode}-${seed}`,
    mode,
    actions: order.actions,
    digits: challenge.digits,
    light: challenge.light,
    startMs,
    lighting: "indoor",
    seed,
    seconds: TAKE_SECONDS,
  });
  const ask: VerifyAsk = {
    liveType: order.liveType,
    actions: [...order.actions],
    digits: challenge.digits,
    will: order.will,
    prompts: promptsFor(mode, order.actions),
    requireSpeech: false,
    light: challenge.light,
    lightShown: lightShownFor(challenge.light, startMs, clip.seconds),
    lightAlternative: false,
  };
  return { mode, file: clip.file, seconds: clip.seconds, ask };
}
