/**
 * Playwright global set-up: what the fake camera and microphone of the face projects play,
 * made at run time so no media is committed (playwright.config.ts):
 *
 * - the face video, from an npm package's demo photo (tests/fixtures/faceImage.ts). Chromium
 *   plays an .mjpeg of concatenated JPEGs at 30 fps. Each frame carries its own
 *   sensor-like noise: a real camera pointed at a still face never sends two equal frames,
 *   and a video of identical frames compresses below the smallest recording the service
 *   accepts (spec §5), which no real phone produces;
 * - two microphones: silence (ffmpeg's anullsrc), and Mandarin digits spoken by espeak-ng,
 *   which Chromium loops, so the voice check hears speech whenever the page asks for it.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { promisify } from "node:util";
import { encodeJpeg, faceFrameRgba } from "../tests/fixtures/faceImage";
import { FACE_CAMERA_FILE, SILENCE_WAV_FILE, SPEECH_WAV_FILE, SPOKEN_DIGITS } from "./fakeMediaFiles";

const run = promisify(execFile);

const FRAMES = 30;
/** Noise amplitude in grey levels (±), about what a phone camera shows indoors. */
const NOISE = 10;

function makeFaceCamera(): void {
  const face = faceFrameRgba();
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const frames = Array.from({ length: FRAMES }, () => {
    const data = Uint8Array.from(face.data, (value, i) => (i % 4 === 3 ? value : Math.max(0, Math.min(255, value + Math.round((random() * 2 - 1) * NOISE)))));
    return encodeJpeg({ ...face, data });
  });
  writeFileSync(FACE_CAMERA_FILE, Buffer.concat(frames));
}

export default async function makeFakeMedia(): Promise<void> {
  mkdirSync(dirname(FACE_CAMERA_FILE), { recursive: true });
  makeFaceCamera();
  await run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "2", "-c:a", "pcm_s16le", SILENCE_WAV_FILE]);
  await run("espeak-ng", ["-v", "cmn", "-w", SPEECH_WAV_FILE, SPOKEN_DIGITS]);
}
