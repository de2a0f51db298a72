import { describe, expect, it } from "vitest";
import { MESH_POINTS, toFaceObservation, toFaceObservations, type HumanFaceLike } from "../../../src/face/browser/humanResult";

const mesh = (n: number) => Array.from({ length: n }, (_, i) => [i, i * 2, -i]);
const face = (over: Partial<HumanFaceLike> = {}): HumanFaceLike => ({ score: 0.9, box: [10, 20, 100, 120], mesh: mesh(MESH_POINTS), real: 0.8, live: 0.7, ...over });

describe("toFaceObservation", () => {
  it("keeps box, scores and the mesh's x/y", () => {
    const seen = toFaceObservation(face());
    expect(seen).toMatchObject({ score: 0.9, box: { x: 10, y: 20, width: 100, height: 120 }, real: 0.8, live: 0.7 });
    expect(seen?.mesh).toHaveLength(MESH_POINTS);
    expect(seen?.mesh?.[3]).toEqual({ x: 3, y: 6 });
  });

  it("drops the iris points Human appends and says null for the detector's few keypoints", () => {
    expect(toFaceObservation(face({ mesh: mesh(478) }))?.mesh).toHaveLength(MESH_POINTS);
    expect(toFaceObservation(face({ mesh: mesh(6) }))?.mesh).toBeNull();
    expect(toFaceObservation(face({ mesh: [...mesh(467), [Number.NaN, 1]] }))?.mesh).toBeNull();
  });

  it("says null for scores of models that did not run and clamps the rest to 0..1", () => {
    expect(toFaceObservation(face({ real: undefined, live: undefined }))).toMatchObject({ real: null, live: null });
    expect(toFaceObservation(face({ score: 1.02, real: -0.01 }))).toMatchObject({ score: 1, real: 0 });
  });

  it("refuses boxes that are not four finite numbers with a positive size", () => {
    expect(toFaceObservation(face({ box: [1, 2, 3] }))).toBeNull();
    expect(toFaceObservation(face({ box: [1, 2, 0, 10] }))).toBeNull();
    expect(toFaceObservation(face({ box: [Number.NaN, 2, 10, 10] }))).toBeNull();
  });
});

describe("toFaceObservations", () => {
  it("keeps every usable face in order and leaves out the rest", () => {
    const seen = toFaceObservations([face({ score: 0.9 }), face({ box: [0, 0, -1, 5] }), face({ score: 0.5 })]);
    expect(seen.map((f) => f.score)).toEqual([0.9, 0.5]);
  });
});
