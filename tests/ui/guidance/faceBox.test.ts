import { describe, expect, it } from "vitest";
import { boxInView } from "../../../src/ui/screens/recording/guidance/faceBox";

const FRAME = { width: 640, height: 480 };
const SQUARE = { width: 1, height: 1 };

describe("boxInView: the face outline over the round, mirrored, cover-fitted preview", () => {
  it("keeps a centred face centred on a square view, scaled by the cover fit", () => {
    // Cover on a square view scales the 640x480 frame by height: 480 px → 100 %, 640 px → 133.33 %.
    expect(boxInView({ x: 240, y: 120, width: 160, height: 160 }, FRAME, SQUARE, true)).toEqual({ left: 33.33, top: 25, width: 33.33, height: 33.33 });
  });

  it("mirrors the horizontal position: a face on the frame's left shows on the view's right", () => {
    const plain = boxInView({ x: 80, y: 120, width: 160, height: 160 }, FRAME, SQUARE, false)!;
    const mirrored = boxInView({ x: 80, y: 120, width: 160, height: 160 }, FRAME, SQUARE, true)!;
    expect(plain.left).toBeLessThan(30);
    expect(mirrored.left).toBeGreaterThan(50);
    // Mirroring maps left edge to right edge around the view's centre.
    expect(plain.left + plain.width / 2 + (mirrored.left + mirrored.width / 2)).toBeCloseTo(100, 1);
  });

  it("crops the sides the view does not show: a face at the frame's edge lies partly outside", () => {
    const edge = boxInView({ x: 0, y: 200, width: 80, height: 80 }, FRAME, SQUARE, false)!;
    expect(edge.left).toBeLessThan(0);
  });

  it("fits a portrait frame on a square view by width", () => {
    expect(boxInView({ x: 0, y: 0, width: 480, height: 640 }, { width: 480, height: 640 }, SQUARE, false)).toEqual({ left: 0, top: -16.67, width: 100, height: 133.33 });
  });

  it("gives no box for empty frames or views", () => {
    expect(boxInView({ x: 0, y: 0, width: 10, height: 10 }, { width: 0, height: 480 }, SQUARE, false)).toBeNull();
    expect(boxInView({ x: 0, y: 0, width: 10, height: 10 }, FRAME, { width: 0, height: 0 }, false)).toBeNull();
  });
});
