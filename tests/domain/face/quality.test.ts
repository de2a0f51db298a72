import { describe, expect, it } from "vitest";
import { emptyHintCounts, GUIDANCE_HINTS, qualityHint } from "../../../src/domain/face/quality";
import type { FrameObservation } from "../../../src/domain/face/types";
import { FACE } from "../../face/faceConfig";
import { frameOf, syntheticFace } from "../../face/syntheticFace";

const q = FACE.quality;
const hint = (frame: FrameObservation) => qualityHint(frame, q);
// The frame is 320x240: sizes are against the 240-px side.
const face = (cx: number, cy: number, size: number, score = 0.95) => syntheticFace({ at: { cx, cy, size }, score });

describe("qualityHint", () => {
  it("is ok for one centred face of a good size in a lit frame", () => {
    expect(hint(frameOf(0, [face(160, 120, 108)]))).toBe("ok");
  });

  it("says too dark before anything else, even when no face was found", () => {
    expect(hint(frameOf(0, [], q.minLuma - 1))).toBe("tooDark");
    expect(hint(frameOf(0, [face(160, 120, 108)], q.minLuma - 1))).toBe("tooDark");
    expect(hint(frameOf(0, [face(160, 120, 108)], q.minLuma))).toBe("ok");
  });

  it("says no face without a detection, or with only weak ones", () => {
    expect(hint(frameOf(0, []))).toBe("noFace");
    expect(hint(frameOf(0, [face(160, 120, 108, q.minScore - 0.01)]))).toBe("noFace");
  });

  it("says several faces when two are confident, but ignores a weak second one", () => {
    expect(hint(frameOf(0, [face(160, 120, 108), face(40, 40, 60)]))).toBe("manyFaces");
    expect(hint(frameOf(0, [face(160, 120, 108), face(40, 40, 60, q.minScore / 2)]))).toBe("ok");
  });

  it("says too far and too close from the face size against the shorter side", () => {
    expect(hint(frameOf(0, [face(160, 120, 240 * q.minFaceWidth - 2)]))).toBe("tooFar");
    expect(hint(frameOf(0, [face(160, 120, 240 * q.minFaceWidth + 2)]))).toBe("ok");
    expect(hint(frameOf(0, [face(160, 120, 240 * q.maxFaceWidth + 2)]))).toBe("tooClose");
    expect(hint(frameOf(0, [face(160, 120, 240 * q.maxFaceWidth - 2)]))).toBe("ok");
  });

  it("judges an upright (portrait) frame against its width", () => {
    const upright = (size: number): FrameObservation => ({ atMs: 0, width: 240, height: 320, luma: 120, faces: [face(120, 160, size)] });
    expect(hint(upright(240 * q.maxFaceWidth + 2))).toBe("tooClose");
    expect(hint(upright(240 * q.minFaceWidth - 2))).toBe("tooFar");
    expect(hint(upright(108))).toBe("ok");
  });

  it("says off centre when the face centre is too far across or up-down", () => {
    const dx = 320 * q.maxCentreOffset;
    const dy = 240 * q.maxCentreOffset;
    expect(hint(frameOf(0, [face(160 + dx + 2, 120, 90)]))).toBe("offCentre");
    expect(hint(frameOf(0, [face(160 - dx + 2, 120, 90)]))).toBe("ok");
    expect(hint(frameOf(0, [face(160, 120 - dy - 2, 90)]))).toBe("offCentre");
    expect(hint(frameOf(0, [face(160, 120 + dy - 2, 90)]))).toBe("ok");
  });

  it("tests size before centring: a small face in a corner is told to come closer first", () => {
    expect(hint(frameOf(0, [face(40, 40, 40)]))).toBe("tooFar");
  });

  it("has one zero count per hint", () => {
    const counts = emptyHintCounts();
    expect(Object.keys(counts).sort()).toEqual([...GUIDANCE_HINTS].sort());
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});
