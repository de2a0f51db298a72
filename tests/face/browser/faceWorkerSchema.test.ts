import { afterEach, describe, expect, it, vi } from "vitest";
import { parseFaceWorkerRequest, parseFaceWorkerResponse } from "../../../schemas/faceWorker";

const frame = { atMs: 1250, width: 320, height: 240, luma: 118.5, faces: [{ score: 0.93, box: { x: 96, y: 52, width: 128, height: 128 }, mesh: [{ x: 1, y: 2 }], real: 0.8, live: null }] };
const result = { type: "result", id: 4, frame, frameMs: 52.3, jpeg: null };

describe("face worker messages", () => {
  it("accept a result with or without a JPEG", () => {
    expect(parseFaceWorkerResponse(result).success).toBe(true);
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8])], { type: "image/jpeg" });
    const parsed = parseFaceWorkerResponse({ ...result, jpeg });
    expect(parsed.success && parsed.data.type === "result" && parsed.data.jpeg).toBe(jpeg);
  });

  it("refuse results the checks could not trust", () => {
    const bad = [
      { ...result, frameMs: -1 },
      { ...result, jpeg: "data:image/jpeg;base64,AA==" },
      { ...result, frame: { ...frame, luma: 256 } },
      { ...result, frame: { ...frame, width: 0 } },
      { ...result, frame: { ...frame, faces: [{ ...frame.faces[0], real: 1.5 }] } },
      { ...result, frame: { ...frame, faces: [{ ...frame.faces[0], mesh: [{ x: Number.NaN, y: 0 }] }] } },
      { ...result, extra: true },
      { type: "result", id: 4, frame, frameMs: 52.3 },
      { type: "ready", backend: "wasm", loadMs: 1, jpeg: null },
      "result",
      { type: "progress" },
    ];
    for (const message of bad) expect(parseFaceWorkerResponse(message).success, JSON.stringify(message)).toBe(false);
  });

  it("accept ready and error messages with a known reason only", () => {
    expect(parseFaceWorkerResponse({ type: "ready", backend: "wasm", loadMs: 640 }).success).toBe(true);
    expect(parseFaceWorkerResponse({ type: "error", reason: "wasm", id: null, message: "no SIMD" }).success).toBe(true);
    expect(parseFaceWorkerResponse({ type: "error", reason: "cdn", id: null, message: "?" }).success).toBe(false);
  });

  it("want absolute asset URLs and sane limits in init, and a real ImageBitmap in a frame", () => {
    const settings = { modelBaseUrl: "https://id.example/face-ABCD2345/", wasmBaseUrl: "https://id.example/face-ABCD2345/", analysisWidth: 320, maxFaces: 3, jpegQuality: 0.75, maxFrameBytes: 65536, iris: false };
    expect(parseFaceWorkerRequest({ type: "init", settings }).success).toBe(true);
    expect(parseFaceWorkerRequest({ type: "init", settings: { ...settings, modelBaseUrl: "/face-ABCD2345/" } }).success).toBe(false);
    expect(parseFaceWorkerRequest({ type: "init", settings: { ...settings, jpegQuality: 0 } }).success).toBe(false);
    // Node has no ImageBitmap: a look-alike object is not one.
    expect(parseFaceWorkerRequest({ type: "frame", id: 1, atMs: 0, bitmap: { width: 320, height: 240 }, keep: false }).success).toBe(false);
  });

  describe("with ImageBitmap (as in a browser)", () => {
    class FakeBitmap {
      width = 320;
      height = 240;
    }
    afterEach(() => vi.unstubAllGlobals());

    it("keep the very bitmap a frame carries, and refuse frames without one", () => {
      vi.stubGlobal("ImageBitmap", FakeBitmap);
      const bitmap = new FakeBitmap();
      const parsed = parseFaceWorkerRequest({ type: "frame", id: 1, atMs: -40, bitmap, keep: true });
      expect(parsed.success && parsed.data.type === "frame" && parsed.data.bitmap).toBe(bitmap);
      expect(parseFaceWorkerRequest({ type: "frame", id: 1, atMs: 0, keep: true }).success).toBe(false);
      expect(parseFaceWorkerRequest({ type: "frame", id: -1, atMs: 0, bitmap, keep: true }).success).toBe(false);
      expect(parseFaceWorkerRequest({ type: "init", settings: {}, bitmap }).success).toBe(false);
    });
  });
});
