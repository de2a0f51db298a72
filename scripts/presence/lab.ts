/**
 * A quick look at the presence checks on made media, outside the service: the attack bench's
 * own SYNTHETIC bona fide takes (scripts/attacks/subjectMedia.ts), each answering a fresh light
 * challenge, and a still photo, verified by the worker's own code (verifyMedia) with the
 * shipped checks. Prints each check's verdict, or with LAB_ONLY=<check> that check's line.
 *
 * Usage: npx tsx scripts/presence/lab.ts [silent|action|number|will] [dim|indoor|bright]
 * Env: LAB_ACTION (1 shake, 2 blink, 3 mouth, 4 nod; "1,4" for two), LAB_RUNS (1),
 * LAB_ONLY (a check's name), LAB_SEED (the first take's seed, then one more a take; random without), LAB_PHOTO=0 to leave the still photo out, LAB_START_MS (when the
 * light starts; 150-400 ms at random as a page does), LAB_POSE=1 to print the
 * turn and nod figures of each analysed frame, LAB_OTHER_LIGHT=1 to ask another light than the
 * take answers (a prepared video: every pass is an attack passed).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { checksFileSchema } from "../../schemas/checks";
import { captureFileSchema } from "../../schemas/capture";
import type { VerifyAsk, VerifyJobInput } from "../../schemas/verifyJob";
import { resolveFfmpeg } from "../../src/server/media/decode/ffmpegBinary";
import { probeMedia } from "../../src/server/media/decode/probeMedia";
import { createLocalMediaStore } from "../../src/server/media/store/localMediaStore";
import { drawLightChallenge } from "../../src/server/light/drawLight";
import { createCheckPlan } from "../../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../../src/server/verify/checks/registry";
import { createMediaVerifierDeps } from "../../src/server/verify/mediaVerifierDeps";
import { verifyMedia } from "../../src/server/verify/verifyMedia";
import { faceFrameRgba } from "../../tests/fixtures/faceImage";
import { makeClip } from "../../tests/fixtures/mediaMaker";
import type { LightingPreset } from "../../tests/fixtures/synth/lighting";
import { readFlowJson } from "../flowFiles";
import { measureFace } from "../../src/domain/face/geometry";
import type { ActionCode, AttackMode } from "../attacks/attemptClient";
import { renderTake, takeSubmission } from "../attacks/subjectMedia";
import { lightStartMs, secondsFor } from "../attacks/submission";

const mode = (process.argv[2] ?? "silent") as AttackMode;
const lighting = (process.argv[3] ?? "indoor") as LightingPreset;
const actions = (mode === "action" ? (process.env.LAB_ACTION ?? "1").split(",") : []) as ActionCode[];
const runs = Number(process.env.LAB_RUNS ?? 1);
const only = process.env.LAB_ONLY;
const dir = mkdtempSync(join(tmpdir(), "faceflow-lab-"));
const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
const ffmpegPath = resolveFfmpeg(process.env, { release: false, log: () => {} }).path;
const checks = createCheckPlan(checksFileSchema.parse(readFlowJson("flows/checks.json")), createServerCheckRegistry());
const { deps } = createMediaVerifierDeps({ media: createLocalMediaStore(dir), ffmpegPath, limits, checks, env: process.env });
// Will mode is silent mode (live type 3) with a question to answer aloud.
const liveType = ({ number: "1", action: "2", silent: "3", will: "3" } as const)[mode];

async function judge(file: string, ask: VerifyAsk): Promise<boolean> {
  const probe = await probeMedia(ffmpegPath, file, { timeoutMs: 20_000 });
  const input: VerifyJobInput = { attemptId: 1, orderNo: "LAB", source: { kind: "recording", path: basename(file), bytes: statSync(file).size, probe }, ask, referencePhoto: null, platform: "other" };
  const started = performance.now();
  // LAB_POSE=1: each analysed frame's turn and nod figures (what the action detectors read).
  const poses: string[] = [];
  const analyzer = await deps.analyzer();
  const watched = process.env.LAB_POSE ? { ...deps, analyzer: async () => ({ analyze: async (...a: Parameters<typeof analyzer.analyze>) => {
    const r = await analyzer.analyze(...a);
    const face = r.observation.faces[0];
    const m = face ? measureFace(face, a[0].atMs) : null;
    poses.push(m ? `${a[0].atMs}:${m.yaw.toFixed(2)}/${m.pitch.toFixed(2)}` : `${a[0].atMs}:-`);
    return r;
  } }) } : deps;
  const result = await verifyMedia(input, watched, () => {});
  if (poses.length) console.log(`  yaw/pitch: ${poses.join(" ")}`);
  console.log(`  ${result.passed ? "PASS" : "FAIL"} ${result.code} in ${Math.round(performance.now() - started)} ms`);
  for (const c of result.checks) if (!only || c.name === only) console.log(`    ${c.passed ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
  return result.passed;
}

try {
  let passed = 0;
  for (let run = 0; run < runs; run++) {
    // Every mode shows the light (flows/checks.json); LAB_OPT_OUT=1 takes number mode's opt-out, which shows none.
    const light = process.env.LAB_OPT_OUT ? null : drawLightChallenge(6000);
    const digits = mode === "number" ? "1234" : null;
    const take = { dir, name: `subject${run}`, mode, actions, digits, light, startMs: process.env.LAB_START_MS ? Number(process.env.LAB_START_MS) : lightStartMs(), lighting, seed: process.env.LAB_SEED ? Number(process.env.LAB_SEED) + run : 1 + Math.floor(Math.random() * 2 ** 30) };
    console.log(`  seed ${take.seed}`);
    console.log(`SYNTHETIC subject, ${mode} ${actions.join("+")}, ${lighting}, run ${run + 1}`);
    const clip = await renderTake(take);
    // LAB_OTHER_LIGHT=1: the take answers its own light, the attempt asks another (a prepared video).
    const asked = process.env.LAB_OTHER_LIGHT && light ? drawLightChallenge(6000) : light;
    const sent = await takeSubmission(clip, take, asked, "upload");
    if (sent.kind !== "upload") throw new Error("an upload was asked for");
    const ask: VerifyAsk = { liveType, actions, digits, will: mode === "will" ? { question: "您是否同意本次身份核验？", nod: false } : null, prompts: sent.prompts, requireSpeech: false, light: asked, lightShown: sent.light, lightAlternative: false };
    if (await judge(clip.file, ask)) passed++;
    if (run === 0 && process.env.LAB_PHOTO !== "0") {
      console.log(`still photo, ${mode}`);
      const photo = await makeClip({ dir, name: "photo", video: { imageRgba: faceFrameRgba({ faceWidthRatio: 0.35 }) }, audio: "silence", seconds: secondsFor(mode, actions), container: "webm-vp8", noDurationHeader: true });
      await judge(photo, ask);
    }
  }
  console.log(`SYNTHETIC subject passed ${passed} of ${runs}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
