/**
 * ffmpeg steps of the attack bench, all in a directory the bench owns and removes: frames made
 * in Node piped into a recording (as MediaRecorder or a phone would write it), a recording's
 * frames as the JPEGs a frame stream sends, an H.264 re-encode (a replay laundered through
 * another codec), and a splice of another person's frames into a recording.
 */
import { execFile, spawn } from "node:child_process";
import { readdir, readFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { RgbaImage } from "../../tests/fixtures/faceImage";

const run = promisify(execFile);
const QUIET = ["-hide_banner", "-nostdin", "-v", "error", "-y"];

export type Container = "webm-vp8" | "mp4-h264";

const CODECS = {
  "webm-vp8": { video: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "1M"], audio: ["-c:a", "libopus"], mux: ["-live", "1", "-f", "webm"], ext: "webm" },
  // A phone's bitrate: x264's default quality on a noisy picture would pass the upload's size limit.
  "mp4-h264": { video: ["-c:v", "libx264", "-preset", "ultrafast", "-b:v", "1M", "-maxrate", "1.5M", "-bufsize", "2M"], audio: ["-c:a", "aac"], mux: ["-movflags", "+faststart", "-f", "mp4"], ext: "mp4" },
} as const satisfies Record<Container, unknown>;

export const mimeTypeOf = (container: Container): string => (container === "webm-vp8" ? "video/webm;codecs=vp8,opus" : "video/mp4");
export const containerOfFile = (file: string): Container => (file.endsWith(".mp4") ? "mp4-h264" : "webm-vp8");

/**
 * A recording of `frameAt(k)` for every frame, with `wavPath` (padded with silence) or silence
 * as its microphone track.
 * @example await writeVideo({ dir, name: "still", seconds: 4, fps: 15, container: "webm-vp8", frameAt: () => still })
 */
export async function writeVideo(options: { dir: string; name: string; seconds: number; fps: number; container: Container; wavPath?: string; frameAt(k: number, tMs: number): RgbaImage }): Promise<string> {
  const codec = CODECS[options.container];
  const file = join(options.dir, `${options.name}.${codec.ext}`);
  const first = options.frameAt(0, 0);
  const audio = options.wavPath ? ["-i", options.wavPath] : ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono"];
  const args = [
    ...QUIET,
    ...["-f", "rawvideo", "-pix_fmt", "rgba", "-s", `${first.width}x${first.height}`, "-r", String(options.fps), "-i", "-"],
    ...audio,
    ...["-map", "0:v", ...codec.video, "-pix_fmt", "yuv420p"],
    ...["-map", "1:a", "-ac", "1", ...codec.audio, "-af", `apad=whole_dur=${options.seconds}`],
    ...["-t", String(options.seconds), ...codec.mux, file],
  ];
  const ffmpeg = spawn("ffmpeg", args, { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  ffmpeg.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  // A dead ffmpeg breaks the pipe; its exit code and message are what is reported.
  ffmpeg.stdin.on("error", () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on("error", reject);
    ffmpeg.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${stderr.trim()}`))));
  });
  const frames = Math.round(options.seconds * options.fps);
  for (let k = 0; k < frames; k++) {
    const image = k === 0 ? first : options.frameAt(k, (k * 1000) / options.fps);
    if (!ffmpeg.stdin.write(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength))) {
      await Promise.race([new Promise<void>((resolve) => ffmpeg.stdin.once("drain", () => resolve())), done]);
    }
  }
  ffmpeg.stdin.end();
  await done;
  return file;
}

/** The recording's frames at `fps` as JPEGs (what a page's canvas sends on the frame stream). */
export async function jpegFrames(file: string, fps: number, dir: string): Promise<Buffer[]> {
  const out = join(dir, `frames-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(out);
  await run("ffmpeg", [...QUIET, "-i", file, "-vf", `fps=${fps}`, "-q:v", "4", join(out, "%05d.jpg")]);
  const names = (await readdir(out)).filter((n) => n.endsWith(".jpg")).sort();
  return Promise.all(names.map((n) => readFile(join(out, n))));
}

/** An H.264/AAC MP4 of `file` (a replay laundered through another codec and container). */
export async function reencodeH264(file: string, dir: string, name: string): Promise<string> {
  const out = join(dir, `${name}.mp4`);
  await run("ffmpeg", [...QUIET, "-i", file, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "1", "-movflags", "+faststart", "-f", "mp4", out]);
  return out;
}

/**
 * `file` with its voice moved in pitch by `pitch` (1.06: 6% higher) and its timing kept, its
 * first `trimS` seconds cut, and with `mirrorCrop` its picture mirrored and cropped, re-encoded to H.264/AAC: a replay whose sound no longer
 * matches its original's, over the same mouth. The audio is taken at 48 kHz (as Opus decodes).
 */
export async function reVoice(file: string, dir: string, name: string, options: { pitch: number; trimS: number; mirrorCrop?: boolean }): Promise<string> {
  const out = join(dir, `${name}.mp4`);
  const { pitch, trimS } = options;
  await run("ffmpeg", [
    ...QUIET, "-i", file, ...(trimS > 0 ? ["-ss", trimS.toFixed(3)] : []),
    // Mirrored and cropped to the middle 85%, back to its size: every frame hash moves.
    ...(options.mirrorCrop ? ["-vf", "hflip,crop=iw*0.85:ih*0.85,scale=iw/0.85:-2"] : []),
    "-af", `aresample=48000,asetrate=${Math.round(48_000 * pitch)},aresample=48000,atempo=${(1 / pitch).toFixed(4)}`,
    "-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "1", "-movflags", "+faststart", "-f", "mp4", out,
  ]);
  return out;
}

/**
 * `file` played `tempo` times as fast as a whole (1.1: every syllable 10% earlier and shorter),
 * its voice re-timed with its pitch kept (atempo, as a video player's speed setting does) or
 * moved with it (`keepPitch` false: a tape played faster), written at 15 frames a second as a
 * phone's recorder would, its first `trimS` seconds cut and with `mirrorCrop` its picture mirrored
 * and cropped, H.264/AAC: a replay whose mouth and voice both lost their original's timing.
 * Returns the file and its length.
 */
export async function reTempo(file: string, dir: string, name: string, seconds: number, options: { tempo: number; keepPitch: boolean; trimS: number; mirrorCrop?: boolean }): Promise<{ file: string; seconds: number }> {
  const out = join(dir, `${name}.mp4`);
  const { tempo, trimS } = options;
  const video = [...(options.mirrorCrop ? ["hflip,crop=iw*0.85:ih*0.85,scale=iw/0.85:-2"] : []), `setpts=PTS/${tempo.toFixed(4)}`].join(",");
  const audio = options.keepPitch ? `aresample=48000,atempo=${tempo.toFixed(4)}` : `aresample=48000,asetrate=${Math.round(48_000 * tempo)},aresample=48000`;
  await run("ffmpeg", [
    ...QUIET, "-i", file, ...(trimS > 0 ? ["-ss", trimS.toFixed(3)] : []),
    "-vf", video, "-af", audio, "-r", "15",
    "-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "1", "-movflags", "+faststart", "-f", "mp4", out,
  ]);
  return { file: out, seconds: seconds / tempo - trimS };
}

/** A tempo of `from` to `to` (log-uniform), at least `least` from 1 either way (the plain search covers ±1%). */
export function randomTempo(from = 0.8, to = 1.25, least = 0.03): number {
  for (;;) {
    const tempo = Math.exp(Math.log(from) + Math.random() * (Math.log(to) - Math.log(from)));
    if (Math.abs(tempo - 1) >= least) return tempo;
  }
}

/** `main` with `other`'s picture in place of its own from `fromS` to `toS` (both recordings the same size and length). */
export async function spliceVideo(main: string, other: string, fromS: number, toS: number, dir: string, name: string): Promise<string> {
  const out = join(dir, `${name}.webm`);
  const codec = CODECS["webm-vp8"];
  await run("ffmpeg", [
    ...QUIET, "-i", main, "-i", other,
    "-filter_complex", `[0:v][1:v]overlay=enable='between(t,${fromS.toFixed(3)},${toS.toFixed(3)})'[v]`,
    "-map", "[v]", ...codec.video, "-pix_fmt", "yuv420p", "-map", "0:a", "-c:a", "copy", ...codec.mux, out,
  ]);
  return out;
}

const MANDARIN_DIGITS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** "3071" → "三 零 七 一": each digit a word for espeak-ng's Mandarin voice. */
export function spokenDigits(digits: string): string {
  return [...digits].map((d) => MANDARIN_DIGITS[Number(d)] ?? d).join(" ");
}

/** Four digits that differ from `digits` in every place. */
export function wrongDigits(digits: string): string {
  return [...digits].map((d) => String((Number(d) + 1 + Math.floor(Math.random() * 9)) % 10)).join("");
}
