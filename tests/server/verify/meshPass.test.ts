/**
 * The mesh pass (src/server/verify/meshPass.ts): Human's detector on a schedule and wherever
 * tracking cannot be trusted, the mesh following the faces between. The analyzer here is a
 * stand-in with Human's tracking behaviour: a detecting call sees every face in the frame, a
 * tracking call sees only the faces the previous call found that are still there (each person
 * has a place of their own in the frame). What is
 * checked is what the face check would count: the same faces per frame as the detector on every
 * frame gives, except faces that came and went between two detections.
 */
import { describe, expect, it } from "vitest";
import captureJson from "../../../flows/capture.json";
import { captureFileSchema } from "../../../schemas/capture";
import type { AnalysisOptions, FrameAnalyzer } from "../../../src/server/verify/frameAnalyzer";
import type { DecodedFrame } from "../../../src/server/verify/mediaTypes";
import { analyseMeshFrames, detectorSchedule, SAME_PICTURE_DISTANCE } from "../../../src/server/verify/meshPass";
import checksJson from "../../../flows/checks.json";

const at12 = (n: number) => Array.from({ length: n }, (_, i) => Math.round((i * 1000) / 12));
const pictures = new Map<number, Uint8Array>();
/** A 320x240 frame of noise drawn from `seed`: frames of one seed are the same picture. */
function frameAt(atMs: number, seed = atMs + 1): DecodedFrame {
  let rgb = pictures.get(seed);
  if (rgb === undefined) {
    let x = seed * 7919;
    rgb = new Uint8Array(320 * 240 * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = (x = (x * 16807) % 2147483647) % 256;
    pictures.set(seed, rgb);
  }
  return { atMs, width: 320, height: 240, rgb };
}

/** A stand-in analyzer over `present(atMs)`, the faces (by id) really in each frame, each in a place of its own. */
function trackingAnalyzer(present: (atMs: number) => readonly string[]) {
  let previous: readonly string[] = [];
  const calls: { atMs: number; track: boolean }[] = [];
  const analyzer: FrameAnalyzer = {
    analyze: async (frame, options: AnalysisOptions) => {
      const here = present(frame.atMs);
      // Human detects when asked to, and when it follows nothing.
      const tracked = options.track === true && previous.length > 0;
      const seen = tracked ? previous.filter((id) => here.includes(id)) : here;
      previous = seen;
      calls.push({ atMs: frame.atMs, track: tracked });
      const faces = seen.map((id) => ({ score: 0.9, box: { x: 20 + 100 * (id.charCodeAt(0) - 97), y: 50, width: 80, height: 80 }, mesh: null, real: null, live: null }));
      return { observation: { atMs: frame.atMs, width: 4, height: 4, luma: 100, faces }, descriptors: faces.map(() => null) };
    },
  };
  return { analyzer, calls };
}

/** The faces per frame and the calls made, over frames that are each a picture of their own, or all one picture (`still`). */
async function counts(times: readonly number[], present: (atMs: number) => readonly string[], everyMs: number, still = false) {
  const { analyzer, calls } = trackingAnalyzer(present);
  const none = new Set<number>();
  const results = await analyseMeshFrames(times.map((t) => frameAt(t, still ? 1 : t + 1)), analyzer, { iris: false, describe: none, scored: none, detectorEveryMs: everyMs, progress: () => {} });
  return { faces: results.map((r) => r.observation.faces.length), calls };
}

describe("the same picture", () => {
  it("is told at twice the distance the frozen check calls identical, or more (flows/checks.json)", () => {
    expect(SAME_PICTURE_DISTANCE).toBeGreaterThanOrEqual(2 * checksJson.thresholds.frozen.identicalBelow);
  });
});

describe("detectorSchedule", () => {
  it("detects on the first and the last frame, and never more than everyMs apart", () => {
    expect([...detectorSchedule([0, 83, 167, 250, 333, 417, 500], 200)]).toEqual([0, 2, 4, 6]);
    const times = at12(60);
    const picked = [...detectorSchedule(times, 300)].map((k) => times[k] as number);
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(times.at(-1));
    const gaps = picked.slice(1).map((t, i) => t - (picked[i] as number));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(300);
    // About 3.5 a second out of 12: the point of it.
    expect(picked.length).toBeLessThan(times.length / 2);
    expect(detectorSchedule([], 300).size).toBe(0);
  });

  it("detects on every frame when the frames are further apart than everyMs", () => {
    expect([...detectorSchedule([0, 400, 800, 1200], 300)]).toEqual([0, 1, 2, 3]);
  });

  it("is configured below the gaps the face check forgives (flows/capture.json refuses more)", () => {
    const { verification } = captureFileSchema.parse(captureJson);
    expect(verification.detectorEveryMs).toBeLessThan(verification.presence.maxGapMs);
    const tooSlow = { ...captureJson, verification: { ...captureJson.verification, detectorEveryMs: verification.presence.maxGapMs } };
    expect(captureFileSchema.safeParse(tooSlow).success).toBe(false);
  });
});

describe("analyseMeshFrames", () => {
  const times = at12(60);

  it("tracks between detections while the same face stays", async () => {
    const { faces, calls } = await counts(times, () => ["a"], 300);
    expect(faces.every((n) => n === 1)).toBe(true);
    expect(calls.filter((c) => c.track).length).toBeGreaterThan(times.length / 2);
  });

  it("looks again with the detector at a face whose picture did not change: a still is detected on every frame", async () => {
    const { faces, calls } = await counts(times, () => ["a"], 300, true);
    expect(faces.every((n) => n === 1)).toBe(true);
    // Every frame's last call detected (the tracked calls were looked at again).
    const last = new Map(calls.map((c) => [c.atMs, c.track]));
    expect([...last.values()].every((track) => !track)).toBe(true);
  });

  it("looks again with the detector where tracking lost a face", async () => {
    // The face is gone for 500 ms in the middle, and a tracked frame is the first without it.
    const present = (t: number) => (t >= 2000 && t < 2500 ? [] : ["a"]);
    const { faces } = await counts(times, present, 300);
    expect(faces).toEqual(times.map((t) => present(t).length));
  });

  it("finds a newcomer from the frame it came in, not from the next detection", async () => {
    // A second face from 1.05 s to 2.6 s: it comes in between two detections.
    const present = (t: number) => (t >= 1050 && t < 2600 ? ["a", "b"] : ["a"]);
    const { faces } = await counts(times, present, 300);
    expect(faces).toEqual(times.map((t) => present(t).length));
  });

  it("sees a newcomer who came while the face followed was leaving", async () => {
    // b comes in at 1.05 s, a leaves at 1.6 s: the tracked frames between saw only a.
    const present = (t: number) => [...(t < 1600 ? ["a"] : []), ...(t >= 1050 ? ["b"] : [])];
    const { faces } = await counts(times, present, 300);
    expect(faces).toEqual(times.map((t) => present(t).length));
  });

  it("counts what the detector on every frame counts, for faces that stay longer than everyMs", async () => {
    // Random comings and goings of three people, each stay and absence at least 350 ms.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let round = 0; round < 20; round++) {
      const stays = ["a", "b", "c"].map((id) => {
        const spans: [number, number][] = [];
        for (let t = random() * 1000; t < 5000; ) {
          const end = t + 350 + random() * 1500;
          spans.push([t, end]);
          t = end + 350 + random() * 1500;
        }
        return { id, spans };
      });
      const present = (t: number) => stays.filter((s) => s.spans.some(([from, to]) => t >= from && t < to)).map((s) => s.id);
      const { faces } = await counts(times, present, 300);
      expect(faces).toEqual(times.map((t) => present(t).length));
    }
  });
});
