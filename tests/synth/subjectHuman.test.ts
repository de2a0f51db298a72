/**
 * The SYNTHETIC subject as the service's face analysis sees it: Human (the service's own
 * models, src/server/face/humanRuntime.ts) finds exactly one face in a rendered frame of every
 * person in every room, and the action figures of src/domain/face/geometry.ts follow what the renderer
 * was told to do, by at least the margins the action detectors need (flows/capture.json).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFace } from "../../src/domain/face/geometry";
import type { FaceMeasures } from "../../src/domain/face/types";
import { loadHuman } from "../../src/server/face/humanRuntime";
import { createFrameAnalyzer, type FrameAnalyzer } from "../../src/server/verify/frameAnalyzer";
import { ACTING_PERSON, loadSubjectModel, personIds } from "../fixtures/synth/faceModels";
import { LIGHTING_PRESET_NAMES, LIGHTING_PRESETS, PAGE_LIGHT } from "../fixtures/synth/lighting";
import { createSubjectRenderer } from "../fixtures/synth/renderSubject";
import { subjectState } from "../fixtures/synth/subjectFrame";
import { type ScriptPose, seededRandom } from "../fixtures/synth/subjectScript";

const W = 640;
const H = 480;
const DEG = Math.PI / 180;
const REST: ScriptPose = { yaw: 0, pitch: 0, roll: 0, mouthOpen: 0, eyesClosed: 0, dy: 0 };
/** The detectors' thresholds at the time of writing (flows/capture.json), which the subject's actions must clear. */
const ACTIONS = { minYawSwing: 0.3, closedRatio: 0.6, minOpening: 0.3, minPitchSwing: 0.04 };

let analyzer: FrameAnalyzer;
beforeAll(async () => {
  analyzer = createFrameAnalyzer(await loadHuman());
}, 60_000);

async function analyse(person: string, pose: Partial<ScriptPose>, lighting = LIGHTING_PRESETS.indoor) {
  const out = { width: W, height: H, data: new Uint8Array(W * H * 4) };
  const state = subjectState({ pose: { ...REST, ...pose }, screen: PAGE_LIGHT, lighting, random: seededRandom(7) });
  createSubjectRenderer(loadSubjectModel(person)).render(state, out);
  const rgb = new Uint8Array(W * H * 3);
  for (let p = 0; p < W * H; p++) rgb.set(out.data.subarray(p * 4, p * 4 + 3), p * 3);
  const { observation } = await analyzer.analyze({ atMs: 0, width: W, height: H, rgb }, { iris: true, describe: false, scores: false });
  return observation;
}

async function measures(person: string, pose: Partial<ScriptPose>): Promise<FaceMeasures> {
  const obs = await analyse(person, pose);
  const face = obs.faces[0];
  const m = face && measureFace(face, 0);
  if (!m) throw new Error(`no face measured for ${person} at ${JSON.stringify(pose)}`);
  return m;
}

describe("synthetic subject seen by Human", () => {
  it("finds exactly one face of every person in every room", async () => {
    const misses: string[] = [];
    for (const person of personIds())
      for (const light of LIGHTING_PRESET_NAMES) {
        const obs = await analyse(person, {}, LIGHTING_PRESETS[light]);
        if (obs.faces.length !== 1 || !obs.faces[0]?.mesh) misses.push(`${person}/${light}: ${obs.faces.length} faces`);
      }
    expect(misses).toEqual([]);
  }, 60_000);

  it("measures the yaw of a rendered head shake, both ways", async () => {
    const yaws = [];
    for (const deg of [-30, -15, 0, 15, 30]) yaws.push((await measures(ACTING_PERSON, { yaw: deg * DEG })).yaw);
    for (let k = 1; k < yaws.length; k++) expect(yaws[k]).toBeGreaterThan(yaws[k - 1] as number);
    // A ±30° shake swings the figure past the detector's whole swing on each side.
    expect((yaws[4] as number) - (yaws[2] as number)).toBeGreaterThan(ACTIONS.minYawSwing / 2);
    expect((yaws[2] as number) - (yaws[0] as number)).toBeGreaterThan(ACTIONS.minYawSwing / 2);
  }, 30_000);

  it("measures the mouth opening as the jaw drops, past the open-mouth threshold when wide open", async () => {
    const mouths = [];
    for (const open of [0, 0.5, 1]) mouths.push((await measures(ACTING_PERSON, { mouthOpen: open })).mouth);
    expect(mouths[1]).toBeGreaterThan(mouths[0] as number);
    expect(mouths[2]).toBeGreaterThan(mouths[1] as number);
    expect((mouths[2] as number) - (mouths[0] as number)).toBeGreaterThan(ACTIONS.minOpening);
  }, 30_000);

  it("measures closed eyes and a nod past the detectors' thresholds", async () => {
    const rest = await measures(ACTING_PERSON, {});
    const closed = await measures(ACTING_PERSON, { eyesClosed: 1 });
    const nod = await measures(ACTING_PERSON, { pitch: 18 * DEG });
    expect(closed.eye).toBeLessThan(rest.eye * ACTIONS.closedRatio);
    expect(nod.pitch - rest.pitch).toBeGreaterThan(ACTIONS.minPitchSwing);
  }, 30_000);
});
