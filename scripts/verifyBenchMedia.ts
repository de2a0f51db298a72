/**
 * The still-photo recording and small statistics for the verification figures of `npm run bench`
 * (scripts/verifyBench.ts). The recording is the control row: 5 s, 640x480, 30 fps WebM (VP8 and
 * Opus, no duration header, as MediaRecorder writes it) of the face photo of
 * tests/fixtures/faceImage.ts, with the digits spoken in Mandarin by espeak-ng, which must fail
 * (frozen, light) however the analysis is made cheaper. Made at run time with ffmpeg; nothing is committed.
 */
import { statSync } from "node:fs";
import { makeClip, makeSpeechWav } from "../tests/fixtures/mediaMaker";
import { faceFrameRgba, type RgbaImage } from "../tests/fixtures/faceImage";

export const CLIP_SECONDS = 5;

const MANDARIN_DIGITS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** "3071" → "三 零 七 一", each digit a word for espeak-ng. */
function spokenDigits(digits: string): string {
  return [...digits].map((d) => MANDARIN_DIGITS[Number(d)] ?? d).join(" ");
}

let face: RgbaImage | null = null;

/**
 * A 5 s recording of the face photo with `digits` read out from the start (silence after).
 * @example const file = await makeFaceClip(dir, "3071", "user-3");
 */
export async function makeFaceClip(dir: string, digits: string, name: string): Promise<{ file: string; bytes: number }> {
  face ??= faceFrameRgba({ faceWidthRatio: 0.35 });
  const wavPath = await makeSpeechWav({ dir, text: spokenDigits(digits), name: `${name}-speech` });
  const file = await makeClip({
    dir,
    name,
    video: { imageRgba: face },
    audio: { wavPath },
    seconds: CLIP_SECONDS,
    container: "webm-vp8",
    noDurationHeader: true,
  });
  return { file, bytes: statSync(file).size };
}

export interface Spread {
  min: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
}

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

/** Median of `xs` (the upper middle one for an even count), NaN for none. */
export function median(xs: readonly number[]): number {
  return sorted(xs)[Math.floor(xs.length / 2)] ?? NaN;
}

/** The nearest-rank percentile `p` (0..100) of `xs`. */
function percentile(xs: readonly number[], p: number): number {
  return sorted(xs)[Math.max(0, Math.ceil((xs.length * p) / 100) - 1)] ?? NaN;
}

/** min, median, p95, p99 and max, rounded to whole ms. */
export function spread(xs: readonly number[]): Spread {
  const s = sorted(xs);
  return {
    min: Math.round(s[0] ?? NaN),
    median: Math.round(median(s)),
    p95: Math.round(percentile(s, 95)),
    p99: Math.round(percentile(s, 99)),
    max: Math.round(s.at(-1) ?? NaN),
    n: s.length,
  };
}
