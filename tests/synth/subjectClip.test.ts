/**
 * SYNTHETIC subject clips made in Node (tests/fixtures/synth/subjectClip.ts): a recording the
 * service can decode, the length asked, with a microphone track, whose face shows the light
 * challenge's colours at the times the returned lightShown says (plus the camera's delay).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightChallenge } from "../../schemas/lightChallenge";
import { makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { makeSubjectClip, type SubjectClip } from "../fixtures/synth/subjectClip";

const run = promisify(execFile);
const CHALLENGE: LightChallenge = {
  segments: [
    { color: "yellow", ms: 600 },
    { color: "blue", ms: 600 },
    { color: "white", ms: 400 },
    { color: "magenta", ms: 400 },
  ],
};

let dir: string;
let clip: SubjectClip;
beforeAll(async () => {
  dir = await makeTempDir("faceflow-synth-");
  clip = await makeSubjectClip({ dir, seconds: 2, fps: 15, script: "silent", lighting: "indoor", light: { challenge: CHALLENGE, startMs: 200 }, container: "webm-vp8", seed: 5 });
});
afterAll(() => removeTempDir(dir));

/** Mean R, G, B of the face's middle (60x40 px at the frame's centre) at `atMs`. */
async function faceColour(atMs: number): Promise<number[]> {
  const { stdout } = await run("ffmpeg", ["-v", "error", "-ss", String(atMs / 1000), "-i", clip.file, "-frames:v", "1", "-vf", "crop=60:40:290:225", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], {
    encoding: "buffer",
  });
  const sum = [0, 0, 0];
  for (let i = 0; i < stdout.length; i++) sum[i % 3] = (sum[i % 3] as number) + (stdout[i] as number);
  return sum.map((s) => s / (stdout.length / 3));
}

describe("synthetic subject clip", () => {
  it("is a 2 s WebM with video and audio, and reports when each segment went up", async () => {
    const { stdout } = await run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name,width,height", "-of", "csv=p=0", clip.file]);
    expect(stdout.trim().split("\n").sort()).toEqual(["opus,audio", "vp8,video,640,480"]);
    expect(clip.bytes).toBeGreaterThan(20_000);
    expect(clip.lightShown).toEqual([
      { index: 0, atMs: 200 },
      { index: 1, atMs: 800 },
      { index: 2, atMs: 1400 },
      { index: 3, atMs: 1800 },
    ]);
    expect(clip.cameraDelayMs).toBeGreaterThanOrEqual(50);
    expect(clip.cameraDelayMs).toBeLessThanOrEqual(150);
  });

  it("shows the face lit by each segment after the camera's delay: yellow, then blue", async () => {
    // Mid-segment, past the camera's delay (≤150 ms) so the frame is well inside each colour.
    const yellow = await faceColour(200 + 400);
    const blue = await faceColour(800 + 400);
    const blueOverRed = (c: number[]) => (c[2] as number) / (c[0] as number);
    // Indoor share 0.25 on skin square to the screen: yellow adds ~+20 % to R and G, blue ~+20 % to B.
    expect(blueOverRed(blue)).toBeGreaterThan(1.2 * blueOverRed(yellow));
  });
});
