// The verification service runs voice-activity detection inside worker_threads Workers.
// sherpa-onnx-node is a native addon: this checks it loads in a worker (several at once, and
// again in a fresh worker after one ended) and answers there as it does on the main thread.
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVoiceActivityDetector } from "../../../src/server/speech/voiceActivity";
import type { VoiceSegment } from "../../../src/server/verify/mediaTypes";
import { createAudioMaker, type AudioMaker } from "./speechAudio";

interface VoiceWorker {
  detect(samples: Float32Array): Promise<VoiceSegment[]>;
  end(): Promise<number>;
}

/** A worker that has made its detector; rejects when the thread fails to start. */
function startVoiceWorker(): Promise<VoiceWorker> {
  const worker = new Worker(new URL("./voiceWorker.mjs", import.meta.url), { workerData: { threshold: 0.5 } });
  let pending: { resolve(segments: VoiceSegment[]): void; reject(error: Error): void } | null = null;
  return new Promise((ready, failed) => {
    worker.on("error", (error) => (pending ? pending.reject(error) : failed(error)));
    worker.on("message", (message: unknown) => {
      if (message === "ready") {
        ready({
          detect: (samples) =>
            new Promise((resolve, reject) => {
              pending = { resolve, reject };
              worker.postMessage(samples);
            }),
          end: () => worker.terminate(),
        });
      } else if (pending) {
        const answer = pending;
        pending = null;
        answer.resolve(message as VoiceSegment[]);
      }
    });
  });
}

let maker: AudioMaker;
let speech: Float32Array;
let noise: Float32Array;

beforeAll(async () => {
  maker = await createAudioMaker();
  speech = await maker.speech("一 二 三 四", { leadMs: 2000, totalMs: 5000 });
  noise = await maker.lavfi("anoisesrc=color=white:amplitude=0.3", 5000);
});
afterAll(() => maker?.remove());

describe("voice activity in worker threads", () => {
  it("loads sherpa-onnx-node in two workers at once and answers as the main thread does", async () => {
    const onMain = createVoiceActivityDetector({ threshold: 0.5 }).detect(speech);
    expect(onMain.length).toBeGreaterThan(0);
    const workers = await Promise.all([startVoiceWorker(), startVoiceWorker()]);
    try {
      const [a, b] = await Promise.all([workers[0]!.detect(speech), workers[1]!.detect(noise)]);
      expect(a).toEqual(onMain);
      expect(b).toEqual([]);
      // Each worker keeps its detector: a second clip on it is judged afresh.
      expect(await workers[0]!.detect(noise)).toEqual([]);
      expect(await workers[1]!.detect(speech)).toEqual(onMain);
    } finally {
      await Promise.all(workers.map((w) => w.end()));
    }
  });

  it("loads again in a new worker after one was ended (the pool replaces threads)", async () => {
    const first = await startVoiceWorker();
    const expected = await first.detect(speech);
    await first.end();
    const second = await startVoiceWorker();
    try {
      expect(await second.detect(speech)).toEqual(expected);
    } finally {
      await second.end();
    }
  });
});
