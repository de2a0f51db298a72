/**
 * A coarse signature of the audio: per 250 ms window, its loudness against the recording's
 * loudest window and the levels of 8 bands (250 Hz to 4 kHz, half an octave each) against the
 * window's loudest band, each in 3 dB steps as one nibble.
 *
 * Why these: speech codecs (Opus in WebM, AAC in MP4) keep the 250 Hz-4 kHz band and its
 * spectral shape to within a dB or two, so a re-encode moves a nibble by at most one step;
 * levels are relative, so turning the volume up or down changes nothing; and a different
 * utterance, or the same words spoken again, has another loudness and shape over time.
 */
import { AUDIO_WORD_CHARS, FINGERPRINT_STEP_MS } from "../../../../schemas/mediaFingerprint";

const SAMPLE_RATE = 16_000;
const WINDOW = (SAMPLE_RATE * FINGERPRINT_STEP_MS) / 1000;
const FFT_SIZE = 4096;
/** Band edges in Hz: 250 * 2^(k/2), k = 0..8. */
const BAND_EDGES = Array.from({ length: 9 }, (_, k) => 250 * 2 ** (k / 2));
/** Below this (dB of full scale) a window is silence: room hiss of a quiet phone microphone sits near -60 to -70 dBFS. */
const SILENT_DBFS = -60;
const STEP_DB = 3;
export const SILENT_WORD = "-".repeat(AUDIO_WORD_CHARS);

/** In-place radix-2 FFT of (re, im), length a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

const nibble = (dbBelow: number) => Math.min(15, Math.max(0, Math.round(dbBelow / STEP_DB))).toString(16);

/** One word per 250 ms window of 16 kHz mono `samples` (a last partial window is left out). */
export function audioSignature(samples: Float32Array): string {
  const windows: { loudness: number; bands: number[] }[] = [];
  for (let start = 0; start + WINDOW <= samples.length; start += WINDOW) {
    const re = new Float64Array(FFT_SIZE);
    const im = new Float64Array(FFT_SIZE);
    let power = 0;
    for (let i = 0; i < WINDOW; i++) {
      const s = samples[start + i] ?? 0;
      power += s * s;
      re[i] = s * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (WINDOW - 1)));
    }
    fft(re, im);
    const bands = BAND_EDGES.slice(0, -1).map((low, b) => {
      const from = Math.ceil((low * FFT_SIZE) / SAMPLE_RATE);
      const to = Math.ceil(((BAND_EDGES[b + 1] ?? low) * FFT_SIZE) / SAMPLE_RATE);
      let energy = 1e-12;
      for (let k = from; k < to; k++) energy += re[k]! * re[k]! + im[k]! * im[k]!;
      return 10 * Math.log10(energy);
    });
    windows.push({ loudness: 10 * Math.log10(power / WINDOW + 1e-12), bands });
  }
  const loudest = Math.max(...windows.map((w) => w.loudness));
  return windows
    .map((w) => {
      if (w.loudness < SILENT_DBFS) return SILENT_WORD;
      const top = Math.max(...w.bands);
      return nibble(loudest - w.loudness) + w.bands.map((e) => nibble(top - e)).join("");
    })
    .join("");
}
