/**
 * The margins of the replay check's mouth series (src/server/verify/fingerprint/mouthSeries.ts),
 * measured on the worker's own code: SYNTHETIC takes of the rendered subject reading digits
 * (scripts/attacks/subjectMedia.ts, each take its own voice variant and pace), each verified as
 * sent and as a replayer would send it again (re-encoded to H.264 and scaled up; the first
 * 130 ms cut and the voice lowered; mirrored and cropped; played 5% faster; its voice
 * pitch-shifted 5% with the timing kept; played faster or slower as a whole at a random tempo of
 * 0.8-1.25, its pitch kept or moved, also trimmed, mirrored and cropped), and every take against
 * every other take. Prints, for each pair, the mouths' best correlation and median difference
 * (and at the tempo found, where the tempo search ran), the mouth index keys they share and
 * whether the fingerprints match; then whether each tempo copy's index lookups return its
 * original at all (lookupLab.ts).
 *
 * Usage: npx tsx scripts/presence/mouthLab.ts
 * Env: MOUTH_TAKES (4), MOUTH_DIGITS ("1234": every take reads the same digits, the hardest
 * case for telling retakes from replays; "random": digits of each take's own), MOUTH_REPLAYS=0
 * to compare the takes only (=tempo: the tempo copies alone), LAB_SEED (the first take's seed; 700), MOUTH_TEMPOS (4: tempo copies
 * a take), MOUTH_PAIRS=0 to skip comparing every take with every other, MOUTH_SAVE (a JSON file to write every fingerprint to, for working on the comparison
 * without rendering again).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { checksFileSchema } from "../../schemas/checks";
import { captureFileSchema } from "../../schemas/capture";
import { FINGERPRINT_STEP_MS, FRAME_HASH_CHARS, MOUTH_STEP_MS, type MediaFingerprint } from "../../schemas/mediaFingerprint";
import { hammingDistance } from "../../src/server/verify/fingerprint/frameHash";
import type { VerifyAsk, VerifyJobInput } from "../../schemas/verifyJob";
import { resolveFfmpeg } from "../../src/server/media/decode/ffmpegBinary";
import { probeMedia } from "../../src/server/media/decode/probeMedia";
import { createLocalMediaStore } from "../../src/server/media/store/localMediaStore";
import { createCheckPlan } from "../../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../../src/server/verify/checks/registry";
import { matchFingerprints } from "../../src/server/verify/fingerprint/compareFingerprints";
import { alignMouth, mouthKeys, mouthQueryKeys } from "../../src/server/verify/fingerprint/mouthSeries";
import { alignVoice } from "../../src/server/verify/fingerprint/voiceSeries";
import { createMediaVerifierDeps } from "../../src/server/verify/mediaVerifierDeps";
import { verifyMedia } from "../../src/server/verify/verifyMedia";
import { readFlowJson } from "../flowFiles";
import { randomTempo, reTempo } from "../attacks/mediaTools";
import { renderTake } from "../attacks/subjectMedia";
import { type LabPrint, reportLookups } from "./lookupLab";

const run = promisify(execFile);
const takes = Number(process.env.MOUTH_TAKES ?? 4);
const digits = process.env.MOUTH_DIGITS ?? "1234";
/** MOUTH_DIGITS=random: each take reads digits of its own, as honest takes of other orders do. */
const digitsOf = (seed: number) => (digits === "random" ? String(1000 + ((seed * 7919) % 9000)) : digits);
const firstSeed = Number(process.env.LAB_SEED ?? 700);
const tempos = Number(process.env.MOUTH_TEMPOS ?? 4);
const dir = mkdtempSync(join(tmpdir(), "faceflow-mouth-"));
const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
const ffmpegPath = resolveFfmpeg(process.env, { release: false, log: () => {} }).path;
const checks = createCheckPlan(checksFileSchema.parse(readFlowJson("flows/checks.json")), createServerCheckRegistry());
const { deps } = createMediaVerifierDeps({ media: createLocalMediaStore(dir), ffmpegPath, limits, checks, env: process.env });

/** Two copies as the attack bench's replayer makes them (scripts/attacks/mediaTools.ts reVoice): the first 50-300 ms cut, the voice 4-10% higher or lower, timing kept; drawn afresh each run. */
function benchLike(): Record<string, string[]> {
  return Object.fromEntries(
    [0, 1].map(() => {
      const pitch = (Math.random() < 0.5 ? 1 : -1) * (0.04 + Math.random() * 0.06) + 1;
      const trimS = 0.05 + Math.random() * 0.25;
      const audio = `aresample=48000,asetrate=${Math.round(48_000 * pitch)},aresample=48000,atempo=${(1 / pitch).toFixed(4)}`;
      return [`trimmed ${Math.round(trimS * 1000)} ms, voice ×${pitch.toFixed(3)}`, ["-ss", trimS.toFixed(3), "-af", audio, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "1", "-f", "mp4"]];
    }),
  );
}

/** What a replayer does to a recording before sending it again. */
const REPLAYS: Record<string, string[]> = {
  "h264 scaled up": ["-vf", "scale=1280:-2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  "trimmed 130 ms, voice -4%": ["-ss", "0.13", "-af", "asetrate=46080,aresample=48000,atempo=1.0417", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  "mirrored, cropped 85%": ["-vf", "hflip,crop=iw*0.85:ih*0.85,scale=1280:-2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  "played 5% faster": ["-vf", "setpts=PTS/1.05", "-af", "atempo=1.05", "-r", "15", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  "trimmed 210 ms, voice +8%, ultrafast": ["-ss", "0.21", "-af", "aresample=48000,asetrate=51840,aresample=48000,atempo=0.9259", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  ...benchLike(),
  "voice +5% pitch": ["-af", "asetrate=50400,aresample=48000,atempo=0.952", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
};

async function fingerprint(file: string): Promise<MediaFingerprint> {
  const probe = await probeMedia(ffmpegPath, file, { timeoutMs: 20_000 });
  const input: VerifyJobInput = { attemptId: 1, orderNo: "LAB", source: { kind: "recording", path: basename(file), bytes: statSync(file).size, probe }, ask, referencePhoto: null, platform: "other" };
  const { fingerprint } = await verifyMedia(input, deps, () => {});
  if (!fingerprint) throw new Error(`no fingerprint for ${file}`);
  return fingerprint;
}

const ask: VerifyAsk = { liveType: "1", actions: [], digits: "1234", will: null, prompts: [{ what: "digits", atMs: 0 }], requireSpeech: false, light: null, lightShown: [], lightAlternative: false };

function compare(label: string, a: MediaFingerprint, b: MediaFingerprint): void {
  const mouth = a.mouth && b.mouth ? alignMouth(a.mouth, b.mouth) : null;
  // The share of frame slots alike (within 2 bits) at the mouths' alignment, ±1 slot, as compareFingerprints.ts asks at 0.9.
  const slots = (f: MediaFingerprint) => Array.from({ length: f.frames.length / FRAME_HASH_CHARS }, (_, i) => f.frames.slice(i * FRAME_HASH_CHARS, (i + 1) * FRAME_HASH_CHARS));
  const alike = (offset: number) => {
    const [ha, hb] = [slots(a), slots(b)];
    let n = 0;
    let ok = 0;
    for (let i = Math.max(0, -offset); i < ha.length && i + offset < hb.length; i++) (n += 1), (ok += hammingDistance(ha[i]!, hb[i + offset]!) <= 2 ? 1 : 0);
    return n ? ok / Math.min(ha.length, hb.length) : 0;
  };
  const around = mouth ? Math.round((mouth.shift * MOUTH_STEP_MS) / FINGERPRINT_STEP_MS) : 0;
  const frames = Math.max(alike(around), alike(around - 1), alike(around + 1));
  const figures = mouth ? `mouth r ${mouth.correlation.toFixed(3)}, median diff ${mouth.medianDiff.toFixed(4)}, shift ${mouth.shift}, frames ${(frames * 100).toFixed(0)}%` : "mouth still or absent";
  const voice = a.voice && b.voice ? alignVoice(a.voice, b.voice) : null;
  const heard = voice ? `voice r ${voice.correlation.toFixed(3)} diff ${voice.medianDiff.toFixed(0)} shift ${voice.shift}` : "voice silent";
  const match = matchFingerprints(a, b);
  const { mouth: _a, voice: _va, ...frameAndSound } = a;
  const { mouth: _b, voice: _vb, ...frameAndSoundB } = b;
  const without = matchFingerprints(frameAndSound, frameAndSoundB) !== null;
  // The mouth's index keys the copy shares with the original: none shared, and a copy whose frames moved is never looked at.
  const original = new Set(mouthKeys(b.mouth ?? ""));
  const keys = mouthQueryKeys(a.mouth ?? "");
  const shared = `${keys.filter((k) => original.has(k)).length}/${original.size} mouth keys`;
  console.log(`${label.padEnd(34)} ${figures.padEnd(52)} ${heard.padEnd(34)} ${shared.padEnd(15)} ${match ? `MATCH (${match.syllables ? match.syllables.of : match.onMotion ? "motion" : "audio"})` : "no match"}; without mouth and voice: ${without ? "match" : "no match"}`);
}

/** Tempo copies as the attack bench makes them (mediaTools.ts reTempo), drawn afresh each run: every other one also trimmed, every third mirrored and cropped. */
const tempoCopies = (k: number) =>
  Array.from({ length: tempos }, (_, c) => ({ tempo: randomTempo(), keepPitch: Math.random() < 0.5, trimS: c % 2 === 1 ? 0.05 + Math.random() * 0.25 : 0, mirrorCrop: (c + k) % 3 === 2 }));

const saved: LabPrint[] = [];

try {
  const prints: MediaFingerprint[] = [];
  for (let k = 0; k < takes; k++) {
    const seed = firstSeed + k;
    const clip = await renderTake({ dir, name: `take${k}`, mode: "number", actions: [], digits: digitsOf(seed), light: null, startMs: 0, lighting: "indoor", seed });
    const original = await fingerprint(clip.file);
    prints.push(original);
    for (const [name, args] of process.env.MOUTH_REPLAYS === "0" || process.env.MOUTH_REPLAYS === "tempo" ? [] : Object.entries(REPLAYS)) {
      const out = `${clip.file}.${k}.${name.replace(/\W+/g, "-")}.mp4`;
      await run(ffmpegPath, ["-hide_banner", "-nostdin", "-v", "error", "-y", "-i", clip.file, ...args, out]);
      compare(`take ${seed} replayed, ${name}`, await fingerprint(out), original);
    }
    saved.push({ label: `take ${seed}`, take: k, fingerprint: original });
    for (const [c, copy] of (process.env.MOUTH_REPLAYS === "0" ? [] : tempoCopies(k)).entries()) {
      const made = await reTempo(clip.file, dir, `take${k}-tempo${c}`, clip.seconds, copy);
      const label = `take ${seed} at tempo ×${copy.tempo.toFixed(3)}${copy.keepPitch ? "" : " re-pitched"}${copy.trimS > 0 ? `, trimmed ${Math.round(copy.trimS * 1000)} ms` : ""}${copy.mirrorCrop ? ", mirrored" : ""}`;
      const print = await fingerprint(made.file);
      saved.push({ label: `copy of ${label}`, take: k, copyOf: k, fingerprint: print });
      compare(label, print, original);
    }
  }
  if (process.env.MOUTH_SAVE) writeFileSync(process.env.MOUTH_SAVE, JSON.stringify(saved));
  // Whether each tempo copy's lookups return its original at all (lookupLab.ts): found or not, the comparison above never ran in the service otherwise.
  if (saved.some((p) => p.copyOf !== undefined)) await reportLookups([saved]);
  if (process.env.MOUTH_PAIRS !== "0") for (let i = 0; i < prints.length; i++) for (let j = i + 1; j < prints.length; j++) compare(`take ${firstSeed + i} vs take ${firstSeed + j}`, prints[i]!, prints[j]!);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
