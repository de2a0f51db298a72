/**
 * The service's face analyzer: the real Human on node-wasm over pictures made at test time
 * (tests/fixtures/faceImage.ts), the bounded JPEG decoding, and the engine's load-once and
 * one-at-a-time rules with a stand-in Human.
 */
import type { Rank, Tensor } from "@tensorflow/tfjs-core";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "../../src/server/face/decodeFrame";
import { FaceAnalyzerUnavailableError, FrameRejectedError } from "../../src/server/face/faceAnalyzer";
import { createHumanEngine, createHumanFaceAnalyzer, defaultFaceAnalyzer, MAX_FRAME_SIDE } from "../../src/server/face/humanAnalyzer";
import type { HumanInstance } from "../../src/server/face/humanRuntime";
import { encodeJpeg, faceJpeg, plainFrameRgba, plainJpeg } from "../fixtures/faceImage";

const LIMITS = { maxBytes: 200_000, maxSide: MAX_FRAME_SIDE };

describe("Human on node-wasm (the default analyzer)", () => {
  const analyzer = defaultFaceAnalyzer(LIMITS.maxBytes);

  it("finds the one face of the photo, with its mesh and high anti-spoofing and liveness scores", async () => {
    const frame = await analyzer.analyze(faceJpeg(), 1250);
    expect(frame).toMatchObject({ atMs: 1250, width: 640, height: 480 });
    expect(frame.faces).toHaveLength(1);
    const [face] = frame.faces;
    expect(face?.score).toBeGreaterThan(0.9);
    // 468 mesh points and the iris model's 10 (it is on for blinks).
    expect(face?.mesh).toHaveLength(478);
    expect(face?.real).toBeGreaterThan(0.6);
    expect(face?.live).toBeGreaterThan(0.8);
    // Centred and about a third of the frame wide (Human's box is wider than the face itself).
    const box = face?.box ?? { x: 0, y: 0, width: 0, height: 0 };
    expect(Math.abs(box.x + box.width / 2 - 320)).toBeLessThan(40);
    expect(box.width / 640).toBeGreaterThan(0.3);
    expect(box.width / 640).toBeLessThan(0.55);
    expect(frame.luma).toBeGreaterThan(100);
  }, 60_000);

  it("finds no face on a plain patterned frame", async () => {
    const frame = await analyzer.analyze(plainJpeg(), 0);
    expect(frame.faces).toEqual([]);
    expect(frame.width).toBe(640);
  }, 60_000);

  it("follows the face when it moves, and reports a dark frame's low luma", async () => {
    const right = await analyzer.analyze(faceJpeg({ offsetX: 150 }), 0);
    const box = right.faces[0]?.box;
    expect(right.faces).toHaveLength(1);
    expect((box?.x ?? 0) + (box?.width ?? 0) / 2).toBeGreaterThan(420);
    const dark = await analyzer.analyze(faceJpeg({ brightness: 0.25 }), 0);
    expect(dark.luma).toBeLessThan(50);
  }, 60_000);

  it("refuses a frame that is not a JPEG without giving up on the next one", async () => {
    await expect(analyzer.analyze(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 0)).rejects.toBeInstanceOf(FrameRejectedError);
    expect((await analyzer.analyze(faceJpeg(), 0)).faces).toHaveLength(1);
  }, 60_000);
});

describe("decodeFrame: bounded before decoding", () => {
  it("decodes RGB and the mean luma", () => {
    const frame = decodeFrame(encodeJpeg({ width: 16, height: 8, data: new Uint8Array(16 * 8 * 4).fill(200) }, 95), LIMITS);
    expect(frame).toMatchObject({ width: 16, height: 8 });
    expect(frame.rgb).toHaveLength(16 * 8 * 3);
    expect(frame.luma).toBeGreaterThan(195);
    expect(frame.luma).toBeLessThan(205);
  });

  it("refuses more bytes than allowed", () => {
    const bytes = plainJpeg();
    expect(() => decodeFrame(bytes, { ...LIMITS, maxBytes: bytes.length - 1 })).toThrow(/bytes is above the/);
  });

  it("refuses more pixels than allowed, across and down", () => {
    expect(() => decodeFrame(plainJpeg(640, 480), { ...LIMITS, maxSide: 400 })).toThrow(FrameRejectedError);
    // Within the pixel budget (640 x 100 < 400 x 400) but wider than the side allowed.
    expect(() => decodeFrame(encodeJpeg(plainFrameRgba(640, 100)), { ...LIMITS, maxSide: 400 })).toThrow(/640x100 pixels is outside/);
  });

  it("refuses bytes that are not a JPEG", () => {
    expect(() => decodeFrame(new TextEncoder().encode("GIF89a not a jpeg"), LIMITS)).toThrow(/not a decodable JPEG/);
  });
});

/** A stand-in Human: counts loads and overlapping detections, answers no face. */
function fakeHuman(state: { active: number; maxActive: number; disposed: number }): HumanInstance {
  const tensor = { dispose: () => void state.disposed++ } as unknown as Tensor<Rank.R3>;
  return {
    tf: { io: { registerLoadRouter: () => undefined }, tensor3d: () => tensor, getBackend: () => "wasm" },
    load: async () => undefined,
    async detect() {
      state.active++;
      state.maxActive = Math.max(state.maxActive, state.active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      state.active--;
      return { error: null, face: [] };
    },
  };
}

describe("the Human engine", () => {
  it("loads once, on the first frame, and analyses one frame at a time", async () => {
    const state = { active: 0, maxActive: 0, disposed: 0 };
    let loads = 0;
    const engine = createHumanEngine(async () => {
      loads++;
      return fakeHuman(state);
    });
    const analyzer = createHumanFaceAnalyzer(LIMITS, engine);
    expect(loads).toBe(0);
    const frame = plainJpeg(64, 48);
    const results = await Promise.all([0, 1, 2, 3].map((i) => analyzer.analyze(frame, i * 100)));
    expect(results.map((r) => r.atMs)).toEqual([0, 100, 200, 300]);
    expect(loads).toBe(1);
    expect(state.maxActive).toBe(1);
    expect(state.disposed).toBe(4);
  });

  it("a failed load is a clear FaceAnalyzerUnavailableError for every frame, and is not retried", async () => {
    let loads = 0;
    const engine = createHumanEngine(async () => {
      loads++;
      throw new Error("ENOENT: blazeface.json");
    });
    const analyzer = createHumanFaceAnalyzer(LIMITS, engine);
    for (let i = 0; i < 2; i++) {
      const error = await analyzer.analyze(plainJpeg(64, 48), 0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FaceAnalyzerUnavailableError);
      expect((error as Error).message).toMatch(/face models could not be loaded: ENOENT: blazeface.json/);
    }
    expect(loads).toBe(1);
  });

  it("an unexpected answer from Human is an error, not a frame without faces", async () => {
    const human = { ...fakeHuman({ active: 0, maxActive: 0, disposed: 0 }), detect: async () => ({ face: [{ score: "high" }] }) };
    const analyzer = createHumanFaceAnalyzer(LIMITS, createHumanEngine(async () => human));
    await expect(analyzer.analyze(plainJpeg(64, 48), 0)).rejects.toThrow(/unexpected face analysis result/);
  });
});
