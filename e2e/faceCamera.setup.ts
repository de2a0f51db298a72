/**
 * Playwright global set-up: the video the "face" project's fake camera plays, made at run
 * time from an npm package's demo photo (tests/fixtures/faceImage.ts), so no media is
 * committed. Chromium plays an .mjpeg of concatenated JPEGs at 30 fps (TESTING.md).
 *
 * Each frame carries its own sensor-like noise: a real camera pointed at a still face never
 * sends two equal frames, and a video of identical frames compresses below the smallest
 * recording the service accepts (spec §5), which no real phone produces.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { encodeJpeg, faceFrameRgba } from "../tests/fixtures/faceImage";
import { FACE_CAMERA_FILE } from "./faceCameraFile";

const FRAMES = 30;
/** Noise amplitude in grey levels (±), about what a phone camera shows indoors. */
const NOISE = 10;

export default function makeFaceCamera(): void {
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
  mkdirSync(dirname(FACE_CAMERA_FILE), { recursive: true });
  writeFileSync(FACE_CAMERA_FILE, Buffer.concat(frames));
}
