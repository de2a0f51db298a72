/**
 * The lips speak the voice: speech over a still photo, a photo animated to other speech, or a
 * recording's voice dubbed over someone else's mouth must fail. Independent of the recogniser:
 * only the voice's loudness over time and the mouth's opening over time are compared.
 *
 * - Enough mouth samples over the voiced stretches to judge (10 a second: a syllable lasts about
 *   200 ms, so each one is sampled at least twice); fewer fails, as could-not-judge.
 * - The lips move while the voice speaks: the spread of the mouth opening over the voiced time
 *   (90th minus 10th percentile) exceeds what a still face's mesh jitter gives, and so does each
 *   voiced stretch long enough to hold a few syllables.
 * - They move with it: the speech envelope (log RMS in 40 ms windows, smoothed) correlates with
 *   the opening at the best lag within ±250 ms (the mouth opens ahead of the sound it makes, and
 *   the audio and video clocks of a recording may be offset by up to a frame or two), over the
 *   stretch from the first voice to the last, pauses included: a closed mouth in a pause counts.
 */
import * as z from "zod/mini";
import { failed, pass, type Outcome } from "../../../media/checkOutcome";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import type { VoiceSegment } from "../../mediaTypes";

const positive = z.number().check(z.gt(0));
export const lipSyncThresholdsSchema = z.strictObject({
  sampleRate: z.int().check(z.gt(0)),
  /** Mouth samples a second of voiced time needed to judge. */
  minSamplesPerSecond: positive,
  /** The opening's spread (90th - 10th percentile, inner-lip gap over width) over the voiced time. */
  minSpread: positive,
  /** Voiced stretches at least this long must each show at least `minStretchSpread`. */
  stretchMs: positive,
  minStretchSpread: positive,
  /** Correlation of envelope and opening at the best lag within ±maxLagMs. */
  minCorrelation: z.number().check(z.gte(-1), z.lte(1)),
  maxLagMs: z.number().check(z.gte(0)),
  lagStepMs: positive,
  /** Stretch judged around the voice: from the first voiced start minus this to the last end plus this. */
  marginMs: z.number().check(z.gte(0)),
});
export type LipSyncThresholds = z.infer<typeof lipSyncThresholdsSchema>;

export const LIP_SYNC_DEFAULTS: LipSyncThresholds = {
  sampleRate: 16_000,
  minSamplesPerSecond: 10,
  // A still face's mesh jitters by about 0.02 (σ) in this figure at 320 px: its 10-90 spread is
  // about 2.6σ ≈ 0.05; a photo jittered and noised in 2D (the attack bench) reached 0.076, and
  // one in 340 bench cases passed at 0.08. Speech opens the mouth from about 0 to 0.2-0.4: the
  // SYNTHETIC subject reading digits spread 0.139-0.245 in dim and bright rooms.
  minSpread: 0.11,
  stretchMs: 600,
  minStretchSpread: 0.06,
  // Synthetic speech (tests/server/verify/liveness/lipSyncCheck.test.ts; 200 utterances of
  // 2.5-5.5 s): in sync 0.83 at its 1st percentile; another utterance of the same pace over the
  // same voice 0.24 median, 0.49 at the 95th percentile, 0.72 at most, at the best of the lags.
  // Speech and pauses share one timing, so unrelated speech correlates a little. Real lips follow
  // the envelope less closely than the synthetic ones (published figures 0.5-0.7 smoothed). The
  // SYNTHETIC subject rendered by ffmpeg: 0.71-0.80; rendered in a busy browser: 0.56. 0.5 is a
  // compromise to measure on real recordings, not a margin; the spread above is what refused
  // every jittered photo.
  minCorrelation: 0.5,
  maxLagMs: 250,
  lagStepMs: 20,
  marginMs: 300,
};

export interface LipSyncFigures {
  voicedMs: number;
  /** Mouth samples inside the voiced stretches. */
  samples: number;
  spread: number | null;
  /** The voiced stretch (start, ms) whose lips moved least, and its spread. */
  stillestStretch: { startMs: number; spread: number } | null;
  correlation: number | null;
  lagMs: number | null;
}

const WINDOW_MS = 40;
const HOP_MS = 10;

/** Log RMS in 40 ms windows every 10 ms, floored 40 dB under the loudest window, smoothed over 5 hops. */
export function speechEnvelope(audio: Float32Array, sampleRate: number): { atMs: number; level: number }[] {
  const win = Math.round((WINDOW_MS * sampleRate) / 1000);
  const hop = Math.round((HOP_MS * sampleRate) / 1000);
  const raw: number[] = [];
  for (let start = 0; start + win <= audio.length; start += hop) {
    let sq = 0;
    for (let i = start; i < start + win; i++) sq += audio[i]! * audio[i]!;
    raw.push(Math.sqrt(sq / win));
  }
  const peak = Math.max(1e-9, ...raw);
  const db = raw.map((r) => 20 * Math.log10(Math.max(r, peak / 100)));
  return db.map((_, i) => {
    const near = db.slice(Math.max(0, i - 2), i + 3);
    return { atMs: i * HOP_MS + WINDOW_MS / 2, level: near.reduce((a, b) => a + b, 0) / near.length };
  });
}

function levelAt(envelope: readonly { atMs: number; level: number }[], atMs: number): number | null {
  const i = Math.round((atMs - WINDOW_MS / 2) / HOP_MS);
  return envelope[i]?.level ?? null;
}

function spreadOf(values: readonly number[]): number | null {
  if (values.length < 3) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(0.9 * (s.length - 1))]! - s[Math.floor(0.1 * (s.length - 1))]!;
}

function pearson(a: readonly number[], b: readonly number[]): number | null {
  const n = a.length;
  if (n < 3) return null;
  const ma = a.reduce((x, y) => x + y, 0) / n;
  const mb = b.reduce((x, y) => x + y, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}

const inside = (segments: readonly VoiceSegment[], atMs: number) => segments.some((s) => atMs >= s.startMs && atMs < s.endMs);

export function judgeLipSync(
  mouth: readonly { atMs: number; open: number }[],
  audio: Float32Array,
  voiced: readonly VoiceSegment[],
  t: LipSyncThresholds = LIP_SYNC_DEFAULTS,
): { outcome: Outcome; figures: LipSyncFigures } {
  const voicedMs = voiced.reduce((s, v) => s + Math.max(0, v.endMs - v.startMs), 0);
  const during = mouth.filter((m) => inside(voiced, m.atMs));
  const figures: LipSyncFigures = { voicedMs, samples: during.length, spread: spreadOf(during.map((m) => m.open)), stillestStretch: null, correlation: null, lagMs: null };
  const fail = (detail: string) => ({ outcome: failed("lipSync", VERIFY_CODES.lipsNotMoving, detail), figures });
  const need = Math.ceil((t.minSamplesPerSecond * voicedMs) / 1000);
  if (voicedMs === 0 || during.length < need) {
    return fail(`Not judged: ${during.length} mouth samples over ${voicedMs} ms of voice, at least ${t.minSamplesPerSecond} a second (${need}) needed.`);
  }
  const spreadSaid = `lip opening spread ${figures.spread?.toFixed(3)} over the voice (at least ${t.minSpread})`;
  if ((figures.spread ?? 0) < t.minSpread) return fail(`The lips did not move while the voice spoke: ${spreadSaid}.`);
  for (const v of voiced) {
    if (v.endMs - v.startMs < t.stretchMs) continue;
    const spread = spreadOf(mouth.filter((m) => m.atMs >= v.startMs && m.atMs < v.endMs).map((m) => m.open)) ?? 0;
    if (figures.stillestStretch === null || spread < figures.stillestStretch.spread) figures.stillestStretch = { startMs: v.startMs, spread };
  }
  const still = figures.stillestStretch;
  if (still && still.spread < t.minStretchSpread) {
    return fail(`The lips did not move in the voice from ${(still.startMs / 1000).toFixed(2)} s: spread ${still.spread.toFixed(3)} (at least ${t.minStretchSpread} in every stretch of ${t.stretchMs} ms or more).`);
  }

  const envelope = speechEnvelope(audio, t.sampleRate);
  const from = Math.min(...voiced.map((v) => v.startMs)) - t.marginMs;
  const to = Math.max(...voiced.map((v) => v.endMs)) + t.marginMs;
  const judged = mouth.filter((m) => m.atMs >= from && m.atMs <= to);
  for (let lag = -t.maxLagMs; lag <= t.maxLagMs; lag += t.lagStepMs) {
    // A positive lag: the sound comes this long after the mouth's movement.
    const pairs = judged.flatMap((m) => {
      const level = levelAt(envelope, m.atMs + lag);
      return level === null ? [] : [[m.open, level] as const];
    });
    const r = pearson(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
    if (r !== null && (figures.correlation === null || r > figures.correlation)) ((figures.correlation = r), (figures.lagMs = lag));
  }
  const said = `correlation of lip opening and voice loudness ${figures.correlation?.toFixed(2) ?? "unmeasured"} at ${figures.lagMs ?? 0} ms (at least ${t.minCorrelation} within ±${t.maxLagMs} ms), over ${judged.length} mouth samples; ${spreadSaid}`;
  if ((figures.correlation ?? -1) < t.minCorrelation) return fail(`The lips did not move with the voice: ${said}.`);
  return { outcome: pass("lipSync", `The lips moved with the voice: ${said}.`), figures };
}
