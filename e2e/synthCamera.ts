/**
 * A SYNTHETIC live subject as the page's camera and microphone, for Playwright tests that expect
 * a pass: a real person's face (a face-api demo photo on Human's mesh) rendered in the page as it
 * runs, answering the page's light challenge and, with script "actions", shaking, nodding,
 * blinking and opening its mouth over and over (tests/fixtures/synth/browserCamera.ts).
 *
 *   await installSynthCamera(page, { script: "actions", lighting: "indoor" });
 *   await page.goto(url); // getUserMedia now gives the synthetic camera
 *   await page.evaluate(() => window.__synthCamera?.perform("blink")); // on cue, when the page asks
 *
 * The renderer is bundled with esbuild at test time (once per process) into the init script,
 * with the person's model and the WAV inlined (no route or server needed; ~1.5 MB of script).
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import { ACTION_CODES } from "../schemas/launch";
import type { BrowserCameraConfig } from "../tests/fixtures/synth/browserCamera";
import { loadSubjectModel } from "../tests/fixtures/synth/faceModels";
import { LIGHTING_PRESETS, type Lighting, type LightingPreset } from "../tests/fixtures/synth/lighting";
import { modelToWire } from "../tests/fixtures/synth/subjectModelWire";
import type { SubjectAction } from "../tests/fixtures/synth/subjectScript";

export interface SynthCameraOptions {
  /** "person1".."person6"; tests/fixtures/synth/faceModels.ts ACTING_PERSON by default. */
  person?: string;
  /**
   * silent: natural micro-motion and blinks; speech: the mouth follows `wav`; actions: shake, nod,
   * blink, open mouth in a ~4.6 s loop (actionLoopScript) until the page shows an action cue
   * (`cue`), then each cued action once, ~0.35-0.6 s after the cue appears, as a person would.
   * A test can also call window.__synthCamera.perform(action) itself.
   */
  script: "silent" | "actions" | "speech";
  lighting: LightingPreset | Lighting;
  /** A 16-bit PCM WAV (e.g. makeSpeechWav) the microphone plays in a loop; silence without. */
  wav?: string;
  seed?: number;
  /** Canvas capture rate, 15 by default (renders cost ~15-25 ms a frame on this machine). */
  fps?: number;
  /** Where the page names the action it asks for; DEFAULT_CUE by default. */
  cue?: BrowserCameraConfig["cue"];
}

/**
 * The page's action prompt, if it carries the asked action's code (ACTION_CODES: 1 shake,
 * 2 blink, 3 open mouth, 4 nod) in a `data-action-code` attribute, as its light overlay carries
 * `data-light-color`. A looping subject starts an action at a random phase of the prompt, and
 * a prompt landing mid-action spoils the detectors' baseline (the first frames after it).
 */
export const DEFAULT_CUE: BrowserCameraConfig["cue"] = {
  selector: "[data-action-code]",
  attribute: "data-action-code",
  actions: {
    [ACTION_CODES.shakeHead]: "shake",
    [ACTION_CODES.blink]: "blink",
    [ACTION_CODES.openMouth]: "mouth",
    [ACTION_CODES.nod]: "nod",
  } satisfies Record<(typeof ACTION_CODES)[keyof typeof ACTION_CODES], SubjectAction>,
};

const ENTRY = fileURLToPath(new URL("../tests/fixtures/synth/browserCamera.ts", import.meta.url));
/** The bundle's global; the init script calls its install(). */
const GLOBAL = "__synthCameraBundle";

let bundle: Promise<string> | null = null;

/** The renderer and the fake devices as one browser script (built once per test process). */
export function synthCameraBundle(): Promise<string> {
  bundle ??= build({ entryPoints: [ENTRY], bundle: true, write: false, format: "iife", globalName: GLOBAL, platform: "browser", target: "chrome110", logLevel: "silent" }).then(
    (result) => {
      const file = result.outputFiles[0];
      if (!file) throw new Error("esbuild produced no synthetic camera bundle");
      return file.text;
    },
  );
  return bundle;
}

/** The init script's text (exposed so a test can check it without a browser). */
export async function synthCameraScript(options: SynthCameraOptions): Promise<string> {
  if (options.script === "speech" && !options.wav) throw new Error('installSynthCamera: script "speech" needs a wav');
  const config: BrowserCameraConfig = {
    model: modelToWire(loadSubjectModel(options.person), (b) => Buffer.from(b).toString("base64")),
    script: options.script,
    lighting: typeof options.lighting === "string" ? LIGHTING_PRESETS[options.lighting] : options.lighting,
    seed: options.seed ?? 1,
    fps: options.fps ?? 15,
    width: 640,
    height: 480,
    wavBase64: options.wav ? (await readFile(options.wav)).toString("base64") : null,
    cue: options.cue ?? DEFAULT_CUE,
  };
  return `${await synthCameraBundle()}\n${GLOBAL}.install(${JSON.stringify(config)});\n`;
}

/** Replace the page's camera and microphone with the synthetic subject, from the next document on. */
export async function installSynthCamera(page: Page, options: SynthCameraOptions): Promise<void> {
  await page.addInitScript({ content: await synthCameraScript(options) });
}
