/**
 * A quick look at the presence checks on made media, outside the service: a SYNTHETIC bona
 * fide subject answering a fresh light challenge, and a still photo, each verified by the
 * worker's own code (verifyMedia) with the shipped checks. Prints each check's verdict.
 * Usage: npx tsx scripts/presence/lab.ts [silent|action|number] [dim|indoor|bright]
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
import { makeClip, makeSpeechWav } from "../../tests/fixtures/mediaMaker";
import { makeSubjectClip } from "../../tests/fixtures/synth/subjectClip";
import type { LightingPreset } from "../../tests/fixtures/synth/lighting";
import { readFlowJson } from "../flowFiles";
import { qualityHint } from "../../src/face/quality";

const mode = (process.argv[2] ?? "silent") as "silent" | "action" | "number";
const lighting = (process.argv[3] ?? "indoor") as LightingPreset;
const dir = mkdtempSync(join(tmpdir(), "faceflow-lab-"));
const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
const ffmpegPath = resolveFfmpeg(process.env, { release: false, log: () => {} }).path;
const checks = createCheckPlan(checksFileSchema.parse(readFlowJson("flows/checks.json")), createServerCheckRegistry());
const { deps } = createMediaVerifierDeps({ media: createLocalMediaStore(dir), ffmpegPath, limits, checks, env: process.env });

const liveType = mode === "number" ? "1" : mode === "action" ? "2" : "3";
const light = mode === "number" ? null : drawLightChallenge(6000);
const seconds = mode === "action" ? 3 : 4;

async function judge(file: string, lightShown: VerifyAsk["lightShown"], prompts: VerifyAsk["prompts"]) {
  const probe = await probeMedia(ffmpegPath, file, { timeoutMs: 20_000 });
  const ask: VerifyAsk = { liveType, actions: mode === "action" ? [({ shake: "1", blink: "2", mouth: "3", nod: "4" } as const)[(process.env.LAB_ACTION ?? "shake") as "shake"]] : [], digits: mode === "number" ? "1234" : null, will: null, prompts, requireSpeech: false, light, lightShown };
  const input: VerifyJobInput = { attemptId: 1, orderNo: "LAB", source: { kind: "recording", path: basename(file), bytes: statSync(file).size, probe }, ask, referencePhoto: null, platform: "other" };
  const started = performance.now();
  const hints: Record<string, number> = {};
  const analyzer = await deps.analyzer();
  const watched = { ...deps, analyzer: async () => ({ analyze: async (frame: Parameters<typeof analyzer.analyze>[0], o: Parameters<typeof analyzer.analyze>[1]) => {
    const a = await analyzer.analyze(frame, o);
    const hint = qualityHint(a.observation, limits.face.quality);
    hints[hint] = (hints[hint] ?? 0) + 1;
    return a;
  } }) };
  const result = await verifyMedia(input, watched, () => {});
  console.log(`  guidance hints of the analysed frames: ${JSON.stringify(hints)}`);
  console.log(`  ${result.passed ? "PASS" : "FAIL"} ${result.code} in ${Math.round(performance.now() - started)} ms`);
  for (const c of result.checks) console.log(`    ${c.passed ? "ok  " : "FAIL"} ${c.name}: ${c.detail.slice(0, 400)}`);
}

try {
  const wavPath = mode === "number" ? await makeSpeechWav({ dir, text: "一 二 三 四", name: "digits" }) : undefined;
  const prompts: VerifyAsk["prompts"] = mode === "number" ? [{ what: "digits", atMs: 0 }] : mode === "action" ? [{ what: "action", action: "1", atMs: 300 }] : [];
  const script = mode === "number" ? "speech" : mode === "action" ? { actions: [{ action: (process.env.LAB_ACTION ?? "shake") as "shake", atMs: 700 }] } : "silent";
  console.log(`SYNTHETIC subject, ${mode}, ${lighting}`);
  const clip = await makeSubjectClip({ dir, name: "subject", seconds, fps: 30, script, ...(light ? { light: { challenge: light, startMs: 0 } } : {}), ...(wavPath ? { wavPath } : {}), lighting, container: "webm-vp8", seed: Date.now() % 100000 });
  await judge(clip.file, clip.lightShown, prompts);
  console.log(`still photo, ${mode}`);
  const photo = await makeClip({ dir, name: "photo", video: { imageRgba: faceFrameRgba({ faceWidthRatio: 0.35 }) }, audio: wavPath ? { wavPath } : "silence", seconds, container: "webm-vp8", noDurationHeader: true });
  await judge(photo, clip.lightShown, prompts);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
