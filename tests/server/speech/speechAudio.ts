/**
 * Test audio made at run time in a temporary folder (no media is committed): Mandarin speech
 * from espeak-ng, and silence, tones and noise from ffmpeg's lavfi sources, all as 16 kHz mono
 * Float32 samples, the form the service's decoder hands the speech checks.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const RATE = 16_000;

export interface AudioMaker {
  /** espeak-ng's Mandarin voice saying `text`, after `leadMs` of silence, padded with silence to `totalMs`. */
  speech(text: string, options: { leadMs: number; totalMs: number }): Promise<Float32Array>;
  /** `ms` of a lavfi source, e.g. "sine=frequency=440" or "anoisesrc=color=white:amplitude=0.1". */
  lavfi(source: string, ms: number): Promise<Float32Array>;
  /** Removes the temporary folder. */
  remove(): Promise<void>;
}

function samplesOf(bytes: Buffer): Float32Array {
  // A copy, so the samples are aligned and own their buffer (Buffer pools are shared).
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

export async function createAudioMaker(): Promise<AudioMaker> {
  const dir = await mkdtemp(join(tmpdir(), "faceflow-speech-"));
  let made = 0;
  const next = (ext: string) => join(dir, `clip${made++}.${ext}`);
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  // The output's -t caps every file at the length asked, whatever a filter does.
  const toRaw = ["-ac", "1", "-ar", String(RATE), "-f", "f32le"];

  return {
    async speech(text, { leadMs, totalMs }) {
      const wav = next("wav");
      const raw = next("f32");
      await run("espeak-ng", ["-v", "cmn", "-w", wav, text]);
      const filter = `aresample=${RATE},adelay=${leadMs}:all=1,apad=whole_dur=${seconds(totalMs)}`;
      await run("ffmpeg", ["-v", "error", "-y", "-i", wav, "-af", filter, "-t", seconds(totalMs), ...toRaw, raw]);
      return samplesOf(await readFile(raw));
    },
    async lavfi(source, ms) {
      const raw = next("f32");
      // -t before -i bounds the source itself (lavfi sources never end on their own); the
      // output options resample whatever rate the source has.
      await run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-t", seconds(ms), "-i", source, "-t", seconds(ms), ...toRaw, raw]);
      return samplesOf(await readFile(raw));
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** `a` with `b` added sample by sample (the length of `a`). */
export function mix(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((value, i) => value + (b[i] ?? 0));
}

/** Root-mean-square level in dBFS, to report the levels tests use. */
export function levelDb(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return 10 * Math.log10(sum / Math.max(1, samples.length));
}
