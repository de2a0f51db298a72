/**
 * The margins of the replay check's voice series (src/server/verify/fingerprint/voiceSeries.ts):
 * SYNTHETIC number takes of the rendered subject (scripts/attacks/subjectMedia.ts, each its own
 * digits, voice variant and pace), each copied as the attack bench's replayer does (the first
 * 50-300 ms cut, the voice moved 4-10% in pitch with its timing kept, H.264/AAC), and every take
 * against every other; and each played faster or slower as a whole (mediaTools.ts reTempo: a
 * tempo of 0.8-1.25, its pitch kept or moved, every other one trimmed), searched at every tempo
 * (tempoSeries.ts) against its original and every take against every other both ways. Prints
 * the voice series' correlation for each copy and the highest between takes, for the production
 * series, the variants in VARIANTS and the tempo search ("at tempo").
 *
 * Usage: npx tsx scripts/presence/voiceLab.ts
 * Env: VOICE_TAKES (6), VOICE_COPIES (3 a take), VOICE_TEMPOS (2 a take), LAB_SEED (800), VOICE_TEXT (random: digits of
 * each take's own; same: every take reads 1234; will: every take speaks the consent).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { alignSeries, type SeriesScale, toByte } from "../../src/server/verify/fingerprint/syllableSeries";
import { REPLAY_DEFAULTS } from "../../src/server/verify/fingerprint/replayThresholds";
import { alignVoice, alignVoiceAtTempo, amplitudeSteps, voiceSeries } from "../../src/server/verify/fingerprint/voiceSeries";
import { randomTempo, reTempo, reVoice } from "../attacks/mediaTools";
import { renderTake } from "../attacks/subjectMedia";

const run = promisify(execFile);
const takes = Number(process.env.VOICE_TAKES ?? 6);
const copies = Number(process.env.VOICE_COPIES ?? 3);
const tempos = Number(process.env.VOICE_TEMPOS ?? 2);
const range = { slowest: REPLAY_DEFAULTS.slowestTempo, fastest: REPLAY_DEFAULTS.fastestTempo };
const atTempo = (a: Float32Array, b: Float32Array) => alignVoiceAtTempo(voiceSeries(a), voiceSeries(b), range)?.correlation ?? 0;
const firstSeed = Number(process.env.LAB_SEED ?? 800);
/** VOICE_TEXT=same: every take reads 1234 (retakes of the same words, the hardest case); will: every take speaks the consent. */
const text = process.env.VOICE_TEXT ?? "random";
const dir = mkdtempSync(join(tmpdir(), "faceflow-voice-"));

async function decode(file: string): Promise<Float32Array> {
  const out = join(dir, "audio.f32");
  await run("ffmpeg", ["-hide_banner", "-nostdin", "-v", "error", "-y", "-i", file, "-vn", "-ac", "1", "-ar", "16000", "-f", "f32le", out]);
  const bytes = readFileSync(out);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

/** A series variant: loudness every `stepMs` over a window of `windowMs` (Hann), in dB floored at `floorDb` below the loudest, or linear. */
function variant(samples: Float32Array, stepMs: number, windowMs: number, floorDb: number | "linear"): string {
  const levels = amplitudeSteps(samples, stepMs, windowMs);
  if (floorDb === "linear") {
    const top = Math.max(...levels);
    return levels.map((a) => toByte((a / top) * 250)).join("");
  }
  const db = levels.map((a) => 20 * Math.log10(a + 1e-6));
  const loudest = Math.max(...db);
  return db.map((d) => toByte((floorDb - Math.min(floorDb, loudest - d)) * (250 / floorDb))).join("");
}

/** Alternatives to the production series, for comparison: the grid, window and scale it replaced or might. */
const VARIANTS: Record<string, { series: (s: Float32Array) => string; scale: SeriesScale }> = {
  "15/s, dB 40, 133 ms": { series: (s) => variant(s, 1000 / 15, 133, 40), scale: { stepMs: 1000 / 15, minSpread: 62, peak: 19, maxMedianDiff: 999, minPeaks: 3 } },
  "15/s, dB 40, 67 ms": { series: (s) => variant(s, 1000 / 15, 67, 40), scale: { stepMs: 1000 / 15, minSpread: 62, peak: 19, maxMedianDiff: 999, minPeaks: 3 } },
  "60/s, dB 40, 67 ms": { series: (s) => variant(s, 1000 / 60, 67, 40), scale: { stepMs: 1000 / 60, minSpread: 62, peak: 19, maxMedianDiff: 999, minPeaks: 3 } },
  "60/s, dB 25, 133 ms": { series: (s) => variant(s, 1000 / 60, 133, 25), scale: { stepMs: 1000 / 60, minSpread: 62, peak: 19, maxMedianDiff: 999, minPeaks: 3 } },
  "60/s, dB 40, 133 ms": { series: (s) => variant(s, 1000 / 60, 133, 40), scale: { stepMs: 1000 / 60, minSpread: 62, peak: 19, maxMedianDiff: 999, minPeaks: 3 } },
};

try {
  const originals: Float32Array[] = [];
  const tempoCopies: number[] = [];
  const tempoPairs: number[] = [];
  const results: Record<string, { copies: number[]; pairs: number[] }> = { production: { copies: [], pairs: [] } };
  for (const name of Object.keys(VARIANTS)) results[name] = { copies: [], pairs: [] };
  const r = (name: string, a: Float32Array, b: Float32Array) =>
    name === "production" ? (alignVoice(voiceSeries(a), voiceSeries(b))?.correlation ?? 0) : (alignSeries(VARIANTS[name]!.series(a), VARIANTS[name]!.series(b), VARIANTS[name]!.scale)?.correlation ?? 0);
  for (let k = 0; k < takes; k++) {
    const seed = firstSeed + k;
    const clip = await renderTake({ dir, name: `take${k}`, mode: text === "will" ? "will" : "number", actions: [], digits: text === "same" ? "1234" : String(1000 + ((seed * 7919) % 9000)), light: null, startMs: 0, lighting: "indoor", seed });
    const original = await decode(clip.file);
    originals.push(original);
    for (let c = 0; c < copies; c++) {
      const pitch = (Math.random() < 0.5 ? 1 : -1) * (0.04 + Math.random() * 0.06) + 1;
      const trimS = 0.05 + Math.random() * 0.25;
      const copy = await decode(await reVoice(clip.file, dir, `take${k}-copy${c}`, { pitch, trimS }));
      const line = Object.keys(results).map((name) => {
        const value = r(name, copy, original);
        results[name]!.copies.push(value);
        return `${name} ${value.toFixed(3)}`;
      });
      console.log(`take ${seed} copy trimmed ${(trimS * 1000).toFixed(0)} ms, pitch ×${pitch.toFixed(3)}: ${line.join("; ")}`);
    }
    for (let c = 0; c < tempos; c++) {
      const [tempo, keepPitch, trimS] = [randomTempo(), Math.random() < 0.5, c % 2 === 1 ? 0.05 + Math.random() * 0.25 : 0];
      const made = await reTempo(clip.file, dir, `take${k}-tempo${c}`, clip.seconds, { tempo, keepPitch, trimS });
      const value = atTempo(await decode(made.file), original);
      tempoCopies.push(value);
      console.log(`take ${seed} played ×${tempo.toFixed(3)}${keepPitch ? "" : " re-pitched"}, trimmed ${(trimS * 1000).toFixed(0)} ms: at tempo ${value.toFixed(3)}`);
    }
  }
  for (let i = 0; i < originals.length; i++) for (let j = 0; j < originals.length; j++) if (i !== j) tempoPairs.push(atTempo(originals[i]!, originals[j]!));
  if (tempoCopies.length > 0) console.log(`${"at tempo".padEnd(22)} copies ${Math.min(...tempoCopies).toFixed(3)}-${Math.max(...tempoCopies).toFixed(3)} (${tempoCopies.length}); other takes at most ${Math.max(...tempoPairs).toFixed(3)} (${tempoPairs.length} pairs, both ways)`);
  for (let i = 0; i < originals.length; i++) for (let j = i + 1; j < originals.length; j++) for (const name of Object.keys(results)) results[name]!.pairs.push(r(name, originals[i]!, originals[j]!));
  for (const [name, { copies: c, pairs: p }] of Object.entries(results)) {
    console.log(`${name.padEnd(22)} copies ${Math.min(...c).toFixed(3)}-${Math.max(...c).toFixed(3)} (${c.length}); other takes at most ${Math.max(...p).toFixed(3)} (${p.length} pairs)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
