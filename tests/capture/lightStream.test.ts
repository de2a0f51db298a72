/**
 * The light's times on the frame stream: the `end` message carries when each colour went up,
 * counted from the first frame sent (the stream's zero on the service, which times frames as
 * they arrive); a stream that shows no light sends none.
 */
import { describe, expect, it } from "vitest";
import captureJson from "../../flows/capture.json";
import { captureFileSchema } from "../../schemas/capture";
import type { LightShown } from "../../schemas/lightChallenge";
import type { CaptureRequest } from "../../src/capture/contract";
import { createWebsocketHandlerWith, type WebsocketHandlerEnv } from "../../src/capture/websocketHandler";
import { captureDeps, eventLog, fakeFrames, fakeStream, fakeStreamService, grantedCamera, manualClock } from "./websocketHandlerFakes";

const capture = captureFileSchema.parse(captureJson);
const silent: CaptureRequest = {
  liveMode: "silent",
  will: false,
  digits: null,
  actions: [],
  question: null,
  durationMs: { min: 1000, max: 3000 },
  audio: false,
  facing: "user",
  promptLeadMs: 0,
};

async function streamOnce(lightShown?: (startMs: number) => LightShown) {
  const clock = manualClock();
  const camera = fakeStream();
  const frames = fakeFrames();
  const service = fakeStreamService();
  const env: WebsocketHandlerEnv = {
    openCamera: async () => grantedCamera(camera.stream)(),
    frames: () => frames.source,
    openSocket: service.open,
    pageHostname: "127.0.0.1",
    streamingSupported: true,
    timers: clock,
    settings: capture.streamClient,
    firstFrameTimeoutMs: 15_000,
    countdownSeconds: 3,
  };
  const deps = { ...captureDeps(clock), ...(lightShown ? { lightShown } : {}) };
  const handler = createWebsocketHandlerWith(deps, env);
  const outcome = handler.start(silent, eventLog().onEvent);
  await clock.advance(0);
  frames.ready();
  await clock.advance(0);
  await clock.advance(6000);
  await outcome;
  return service.texts();
}

describe("the frame stream's end with the light", () => {
  it("carries the page's light times, counted from the first frame sent", async () => {
    const starts: number[] = [];
    const shown = [
      { index: 0, atMs: 0 },
      { index: 1, atMs: 450 },
    ];
    const texts = await streamOnce((startMs) => {
      starts.push(startMs);
      return shown;
    });
    const firstFrame = texts.find((m) => m.type === "frame") as { capturedAtMs?: number } | undefined;
    expect(starts).toHaveLength(1);
    expect(Math.round(starts[0] ?? -1)).toBe(firstFrame?.capturedAtMs);
    expect(texts.at(-1)).toEqual({ type: "end", reason: "done", light: shown });
  });

  it("sends no light when the page shows none", async () => {
    const texts = await streamOnce();
    expect(texts.at(-1)).toEqual({ type: "end", reason: "done" });
  });
});
