/**
 * One attack family of the bench (scripts/attacks/) judged in this process, variant after
 * variant, printing the failing (or, for an attack that passes, every) check's detail: what the
 * bench's table only counts. Usage: npx tsx scripts/presence/attackLab.ts <speech|splice> [runs]
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
import { LIGHTING_PRESET_NAMES } from "../../tests/fixtures/synth/lighting";
import { readFlowJson } from "../flowFiles";
import { spliceVideo } from "../attacks/mediaTools";
import { createPhotoLibrary } from "../attacks/photoFrames";
import { SPEECH_KINDS, speechOverPhoto } from "../attacks/photoMedia";
import { renderTake, takeSubmission } from "../attacks/subjectMedia";
import { lightStartMs } from "../attacks/submission";

const family = process.argv[2] ?? "speech";
const runs = Number(process.argv[3] ?? 4);
const dir = mkdtempSync(join(tmpdir(), "faceflow-attacklab-"));
const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
const ffmpegPath = resolveFfmpeg(process.env, { release: false, log: () => {} }).path;
const checks = createCheckPlan(checksFileSchema.parse(readFlowJson("flows/checks.json")), createServerCheckRegistry());
const { deps } = createMediaVerifierDeps({ media: createLocalMediaStore(dir), ffmpegPath, limits, checks, env: process.env });
const photos = createPhotoLibrary();

async function judge(file: string, ask: VerifyAsk, label: string): Promise<void> {
  const probe = await probeMedia(ffmpegPath, file, { timeoutMs: 20_000 });
  const input: VerifyJobInput = { attemptId: 1, orderNo: "LAB", source: { kind: "recording", path: basename(file), bytes: statSync(file).size, probe }, ask, referencePhoto: null, platform: "other" };
  const result = await verifyMedia(input, deps, () => {});
  console.log(`${label}: ${result.passed ? "PASSED" : "refused"} ${result.code}`);
  for (const c of result.checks) if (!c.passed || result.passed) console.log(`    ${c.passed ? "ok  " : "FAIL"} ${c.name}: ${c.detail.slice(0, 600)}`);
}

try {
  for (let i = 0; i < runs; i++) {
    const name = `case${i}`;
    if (family === "speech") {
      const person = photos.ids[(i + 2) % photos.ids.length]!;
      const mode = i % 2 === 0 ? "number" : "will";
      const kinds = SPEECH_KINDS[mode];
      const kind = kinds[Math.floor(i / 2) % kinds.length]!;
      const take = { dir, name, person: photos.person(person), mode, actions: [], light: null, container: i % 2 === 0 ? "webm-vp8" : "mp4-h264" } as const;
      const sent = await speechOverPhoto(take, kind, "1234", lightStartMs());
      if (sent.kind !== "upload") throw new Error("an upload was asked for");
      const ask: VerifyAsk = { liveType: mode === "number" ? "1" : "3", actions: [], digits: mode === "number" ? "1234" : null, will: mode === "will" ? { question: "您是否同意本次身份核验？", nod: false } : null, prompts: sent.prompts, requireSpeech: false, light: null, lightShown: [], lightAlternative: false };
      await judge(sent.file, ask, `speech over ${person} (${kind}, ${mode})`);
    } else {
      const light = drawLightChallenge(6000);
      const others = (process.env.LAB_OTHER ? [process.env.LAB_OTHER] : photos.ids).filter((p) => p !== "person6");
      const base = { dir, name, mode: "silent", actions: [], digits: null, light, startMs: lightStartMs(), lighting: LIGHTING_PRESET_NAMES[i % 3]!, seed: 1 + Math.floor(Math.random() * 2 ** 30) } as const;
      const main = await renderTake(base);
      const other = await renderTake({ ...base, name: `${name}-other`, person: others[i % others.length]! });
      const from = 0.5 + Math.random() * (main.seconds - 0.5 - main.seconds / 5);
      const file = await spliceVideo(main.file, other.file, from, from + main.seconds / 5, dir, `${name}-spliced`);
      const sent = await takeSubmission({ file, seconds: main.seconds }, base, light, "upload");
      if (sent.kind !== "upload") throw new Error("an upload was asked for");
      await judge(file, { liveType: "3", actions: [], digits: null, will: null, prompts: sent.prompts, requireSpeech: false, light, lightShown: sent.light, lightAlternative: false }, `splice of ${others[i % others.length]} at ${from.toFixed(2)} s (${base.lighting})`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
