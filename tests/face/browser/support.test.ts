import { describe, expect, it } from "vitest";
import { missingFaceFeature } from "../../../src/face/browser/support";

class CanvasWithBlob {
  convertToBlob() {}
}
const full = { Worker: class {}, WebAssembly: {}, createImageBitmap: () => {}, OffscreenCanvas: CanvasWithBlob };

describe("missingFaceFeature", () => {
  it("is null when everything is there", () => {
    expect(missingFaceFeature(full)).toBeNull();
  });

  it("names the first missing feature", () => {
    const { Worker: _w, ...noWorker } = full;
    const { WebAssembly: _a, ...noWasm } = full;
    const { createImageBitmap: _c, ...noBitmap } = full;
    const { OffscreenCanvas: _o, ...noCanvas } = full;
    expect(missingFaceFeature(noWorker)).toBe("Worker");
    expect(missingFaceFeature(noWasm)).toBe("WebAssembly");
    expect(missingFaceFeature(noBitmap)).toBe("createImageBitmap");
    expect(missingFaceFeature(noCanvas)).toBe("OffscreenCanvas");
  });

  it("wants an OffscreenCanvas that can encode JPEG (older ones lack convertToBlob)", () => {
    expect(missingFaceFeature({ ...full, OffscreenCanvas: class {} })).toBe("OffscreenCanvas");
  });
});
