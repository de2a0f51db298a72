/**
 * Tracking in the service's face analysis (src/server/verify/frameAnalyzer.ts `track`), on
 * Human itself (its caching is what makes tracking work, so an upgrade that changes it must fail
 * here): a tracked call runs the mesh on the faces of the call before without looking for
 * faces, finds the same face as a detecting call does, loses a face that moved away, and
 * recomputes every other model (a description on a tracked frame is that frame's, never the
 * previous one's). Frames are the SYNTHETIC subject (tests/fixtures/synth).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { descriptorSimilarity } from "../../../src/domain/face/similarity";
import type { FaceObservation } from "../../../src/domain/face/types";
import { loadHuman } from "../../../src/server/face/humanRuntime";
import { createFrameAnalyzer, type FrameAnalyzer } from "../../../src/server/verify/frameAnalyzer";
import type { DecodedFrame } from "../../../src/server/verify/mediaTypes";
import { loadSubjectModel } from "../../fixtures/synth/faceModels";
import { LIGHTING_PRESETS, PAGE_LIGHT } from "../../fixtures/synth/lighting";
import { createSubjectRenderer } from "../../fixtures/synth/renderSubject";
import { subjectState } from "../../fixtures/synth/subjectFrame";
import { type ScriptPose, seededRandom } from "../../fixtures/synth/subjectScript";

const W = 320;
const H = 240;
const REST: ScriptPose = { yaw: 0, pitch: 0, roll: 0, mouthOpen: 0, eyesClosed: 0, dy: 0 };

let analyzer: FrameAnalyzer;
beforeAll(async () => {
  analyzer = createFrameAnalyzer(await loadHuman());
}, 60_000);

/** A rendered frame of `person` at `pose`, its picture moved `dx` pixels to the right (grey comes in). */
function frame(person: string, pose: Partial<ScriptPose>, atMs: number, dx = 0): DecodedFrame {
  const out = { width: W, height: H, data: new Uint8Array(W * H * 4) };
  createSubjectRenderer(loadSubjectModel(person)).render(subjectState({ pose: { ...REST, ...pose }, screen: PAGE_LIGHT, lighting: LIGHTING_PRESETS.indoor, random: seededRandom(3) }), out);
  const rgb = new Uint8Array(W * H * 3).fill(128);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const from = x - dx;
      if (from >= 0 && from < W) rgb.set(out.data.subarray((y * W + from) * 4, (y * W + from) * 4 + 3), (y * W + x) * 3);
    }
  return { atMs, width: W, height: H, rgb };
}

const plain = { iris: false, describe: false, scores: false };
const one = (faces: readonly FaceObservation[]): FaceObservation => {
  expect(faces).toHaveLength(1);
  return faces[0] as FaceObservation;
};
/** Mean distance in pixels between two meshes' points. */
function meshDistance(a: FaceObservation, b: FaceObservation): number {
  const pa = a.mesh ?? [];
  const pb = b.mesh ?? [];
  expect(pa.length).toBe(468);
  return pa.reduce((sum, p, i) => sum + Math.hypot(p.x - (pb[i]?.x ?? NaN), p.y - (pb[i]?.y ?? NaN)), 0) / pa.length;
}

describe("tracked face analysis (Human)", () => {
  it("follows a moving face with the mesh as closely as detection finds it", async () => {
    await analyzer.analyze(frame("person5", {}, 0), plain);
    for (const [i, pose] of [{ yaw: 0.1 }, { yaw: 0.2, dy: 0.02 }, { yaw: 0.25, pitch: 0.05 }].entries()) {
      const picture = frame("person5", pose, 100 * (i + 1), 3 * (i + 1));
      const tracked = one((await analyzer.analyze(picture, { ...plain, track: true })).observation.faces);
      const detected = one((await analyzer.analyze(picture, plain)).observation.faces);
      expect(meshDistance(tracked, detected)).toBeLessThan(2);
      expect(tracked.score).toBeGreaterThan(0.6);
    }
  }, 60_000);

  it("does not look for faces: a face that jumped away is lost, and found by detection", async () => {
    await analyzer.analyze(frame("person5", {}, 0, -70), plain);
    const far = frame("person5", {}, 100, 70);
    expect((await analyzer.analyze(far, { ...plain, track: true })).observation.faces).toHaveLength(0);
    expect((await analyzer.analyze(far, plain)).observation.faces).toHaveLength(1);
  }, 60_000);

  it("describes the tracked frame's own face, never the previous call's", async () => {
    const describe = { ...plain, describe: true };
    const first = await analyzer.analyze(frame("person5", {}, 0), describe);
    const other = frame("person2", {}, 100);
    const tracked = await analyzer.analyze(other, { ...describe, track: true });
    const detected = await analyzer.analyze(other, describe);
    const [a, t, d] = [first, tracked, detected].map((r) => r.descriptors[0] ?? []) as [number[], number[], number[]];
    expect(descriptorSimilarity(t, d)).toBeGreaterThan(0.9);
    expect(descriptorSimilarity(t, a)).toBeLessThan(descriptorSimilarity(t, d) - 0.2);
  }, 60_000);
});
