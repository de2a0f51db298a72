/**
 * Test media for the fingerprint (synthetic, made at test time with ffmpeg): a face that sways
 * on a schedule of its own (a stand-in for a live recording's motion, labelled synthetic), a
 * recording transformed the way a replay would be (re-encoded to H.264, scaled, brightened),
 * and the fingerprint the service's own decoder and computeFingerprint give a file.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { MediaFingerprint } from "../../../schemas/mediaFingerprint";
import { decodeMedia } from "../../../src/server/media/decode/decodeMedia";
import { probeMedia } from "../../../src/server/media/decode/probeMedia";
import { computeFingerprint } from "../../../src/server/verify/fingerprint/computeFingerprint";
import { faceFrameRgba } from "../../fixtures/faceImage";

const run = promisify(execFile);

export interface SwayOptions {
  dir: string;
  seconds: number;
  /** Seeds the sway's phase and period, so two clips of one face move differently. */
  seed: number;
  fps?: number;
  container?: "webm-vp8" | "mp4-h264";
  audio?: "sine" | null;
}

/** A synthetic recording of the fixture face swaying side to side and up and down (320x240). */
export async function makeSwayingFaceClip(options: SwayOptions): Promise<string> {
  const fps = options.fps ?? 15;
  const width = 320;
  const height = 240;
  const frames = Math.round(options.seconds * fps);
  const period = 1.5 + (options.seed % 7) * 0.3;
  const phase = options.seed * 1.7;
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < frames; i++) {
    const t = i / fps;
    const image = faceFrameRgba({
      width,
      height,
      offsetX: 40 * Math.sin((2 * Math.PI * t) / period + phase),
      offsetY: 15 * Math.sin((2 * Math.PI * t) / (period * 1.7) + phase / 2),
      faceWidthRatio: 0.4,
    });
    chunks.push(image.data);
  }
  const raw = join(options.dir, `sway-${randomBytes(4).toString("hex")}.rgba`);
  await writeFile(raw, Buffer.concat(chunks));
  const webm = (options.container ?? "webm-vp8") === "webm-vp8";
  const out = join(options.dir, `sway-${options.seed}-${randomBytes(3).toString("hex")}.${webm ? "webm" : "mp4"}`);
  const audio = options.audio === "sine" ? ["-f", "lavfi", "-t", String(options.seconds), "-i", "sine=frequency=440:sample_rate=48000"] : [];
  await run("ffmpeg", [
    "-hide_banner", "-nostdin", "-v", "error", "-y",
    "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", `${width}x${height}`, "-framerate", String(fps), "-i", raw,
    ...audio,
    "-map", "0:v", ...(audio.length > 0 ? ["-map", "1:a", "-ac", "1", "-c:a", webm ? "libopus" : "aac"] : []),
    ...(webm ? ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "1M", "-f", "webm"] : ["-c:v", "libx264", "-preset", "ultrafast", "-f", "mp4"]),
    "-pix_fmt", "yuv420p", out,
  ]);
  return out;
}

/** What a replayer might do to a recording before sending it again. */
export type Transform = "h264" | "scale-up" | "brighter" | "darker" | "opus-to-aac" | "voice-pitch" | "mirror-crop-pitch" | "faster-mirrored" | "slower";

const FILTERS: Record<Transform, string[]> = {
  // An H.264 re-encode at a modest quality: what a screen recorder or a re-upload produces.
  "h264": ["-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-f", "mp4"],
  "scale-up": ["-vf", "scale=1280:-2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-f", "mp4"],
  "brighter": ["-vf", "lutrgb=r=val*1.1:g=val*1.1:b=val*1.1", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-f", "mp4"],
  "darker": ["-vf", "lutrgb=r=val*0.9:g=val*0.9:b=val*0.9", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-f", "mp4"],
  "opus-to-aac": ["-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-c:a", "aac", "-b:a", "64k", "-f", "mp4"],
  // The voice 10% higher with its timing kept (Opus decodes at 48 kHz), scaled up and in H.264: a
  // replay whose sound no longer matches its original's, over the same lips.
  "voice-pitch": ["-af", "asetrate=52800,aresample=48000,atempo=0.9091", "-vf", "scale=1280:-2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  // Mirrored and cropped to its middle 85% (every frame hash moves), the voice 7% lower: only the lips are left of the original.
  "mirror-crop-pitch": ["-af", "asetrate=44640,aresample=48000,atempo=1.0753", "-vf", "hflip,crop=iw*0.85:ih*0.85,scale=1280:-2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  // Played 1.15 times as fast as a whole, the voice's pitch moved with it (a tape played faster),
  // mirrored and cropped: neither the picture, nor the sound, nor the syllables' timing at one offset is left.
  "faster-mirrored": ["-af", "aresample=48000,asetrate=55200,aresample=48000", "-vf", "hflip,crop=iw*0.85:ih*0.85,scale=1280:-2,setpts=PTS/1.15", "-r", "15", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
  // Played at 0.87 of its speed, the voice's pitch kept (a player's speed setting), scaled up.
  "slower": ["-af", "aresample=48000,atempo=0.87", "-vf", "scale=1280:-2,setpts=PTS/0.87", "-r", "15", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-f", "mp4"],
};

/** `file` re-encoded as `transform` says, into an MP4 beside it. */
export async function transformClip(file: string, transform: Transform): Promise<string> {
  const out = `${file}.${transform}.mp4`;
  await run("ffmpeg", ["-hide_banner", "-nostdin", "-v", "error", "-y", "-i", file, ...FILTERS[transform], out]);
  return out;
}

/** The fingerprint the service computes for `file`, decoded as a worker decodes it (320 wide, `fps`, 16 kHz audio). */
export async function fingerprintOf(file: string, options: { fps?: number; withAudio?: boolean } = {}): Promise<MediaFingerprint> {
  const probe = await probeMedia("ffmpeg", file, { timeoutMs: 20_000 });
  const media = await decodeMedia("ffmpeg", file, probe, {
    fps: options.fps ?? 5, width: 320, withAudio: options.withAudio ?? false, timeoutMs: 30_000, maxPixels: 2_073_600,
  });
  // No mesh here: the mouth's part is left empty (tests of it verify through the worker or build series directly).
  return computeFingerprint(media.frames, media.audio, []);
}
