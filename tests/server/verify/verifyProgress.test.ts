/**
 * The 核验中 bar's figure (src/server/verify/verifyProgress.ts): a job's fraction done is in
 * proportion to its work. Timed against the step times scripts/verifyCost.ts measured on 5 s
 * recordings (docs/verificationCost.md, quiet machine), the bar at each step's start is within
 * a few points of the share of the wall time spent by then; it only grows; a job that does not
 * listen has no listening step and still ends its steps at the whole.
 */
import { describe, expect, it } from "vitest";
import type { VerifyStep } from "../../../schemas/api";
import { createVerifyProgress, MESH_SHARE_OF_ANALYSIS, VERIFY_STEP_WEIGHTS, verifyProgressAt } from "../../../src/server/verify/verifyProgress";

/** Seconds per part of one 5 s recording's verification, as measured (docs/verificationCost.md, quiet machine). */
const MEASURED = {
  silent: { decode: 0.52, face: 0.98, signals: 0.18, voice: 0, decide: 0.05 },
  action: { decode: 0.53, face: 1.57, signals: 0.19, voice: 0, decide: 0.05 },
  number: { decode: 0.49, face: 1.37, signals: 0.23, voice: 0.03, decide: 0.06 },
  will: { decode: 0.52, face: 1.31, signals: 0.24, voice: 0.03, decide: 0.06 },
};

/** What a job reports, in order. */
function reports(listens: boolean, frames: number) {
  const said: { step: VerifyStep; progress: number }[] = [];
  const progress = createVerifyProgress((step, p) => said.push({ step, progress: p }), { listens });
  progress.enter("decoding");
  progress.enter("analysing");
  for (let k = 1; k <= frames; k++) progress.advance((k / frames) * MESH_SHARE_OF_ANALYSIS);
  progress.advance(1);
  if (listens) progress.enter("listening");
  progress.enter("deciding");
  return said;
}

describe("verifyProgressAt", () => {
  for (const [mode, t] of Object.entries(MEASURED)) {
    it(`${mode} mode: the bar at each step's start is the share of the measured wall time spent by then, within 6 points`, () => {
      const listens = t.voice > 0;
      const total = t.decode + t.face + t.signals + t.voice + t.decide;
      const at = (step: Exclude<VerifyStep, "queued">, share: number) => verifyProgressAt(step, share, { listens });
      const timeline: [number, number][] = [
        [at("decoding", 0), 0],
        [at("analysing", 0), t.decode / total],
        // The face pass half done: half of Human's time more.
        [at("analysing", MESH_SHARE_OF_ANALYSIS / 2), (t.decode + t.face / 2) / total],
        // The face pass done, the pixel signals next.
        [at("analysing", MESH_SHARE_OF_ANALYSIS), (t.decode + t.face) / total],
        [at(listens ? "listening" : "deciding", 0), (t.decode + t.face + t.signals) / total],
        [at("deciding", 1), 1],
      ];
      for (const [shown, spent] of timeline) expect(Math.abs(shown - spent)).toBeLessThanOrEqual(0.06);
    });
  }

  it("ends at the whole over the steps the job runs: with or without listening", () => {
    expect(verifyProgressAt("deciding", 1, { listens: true })).toBeCloseTo(1, 9);
    expect(verifyProgressAt("deciding", 1, { listens: false })).toBeCloseTo(1, 9);
    expect(verifyProgressAt("decoding", 0, { listens: false })).toBe(0);
    expect(() => verifyProgressAt("listening", 0, { listens: false })).toThrow(/does not listen/);
  });

  it("gives face analysis most of the bar, as it takes most of the time (decode a quarter, deciding a few points)", () => {
    const weights = Object.values(VERIFY_STEP_WEIGHTS).reduce((a, b) => a + b, 0);
    expect(weights).toBeCloseTo(1, 9);
    expect(VERIFY_STEP_WEIGHTS.analysing).toBeGreaterThan(0.6);
    expect(VERIFY_STEP_WEIGHTS.decoding).toBeGreaterThan(0.15);
    expect(VERIFY_STEP_WEIGHTS.deciding).toBeLessThan(0.05);
  });
});

describe("createVerifyProgress", () => {
  it("reports the steps in order with a fraction that moves with every frame analysed and never goes back", () => {
    const said = reports(true, 40);
    expect([...new Set(said.map((r) => r.step))]).toEqual(["decoding", "analysing", "listening", "deciding"]);
    const values = said.map((r) => r.progress);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1] as number);
    const analysing = said.filter((r) => r.step === "analysing").map((r) => r.progress);
    // One report a frame, each a visible part of the bar (at most 2 points apart with 40 frames).
    expect(analysing.length).toBe(42);
    for (let i = 1; i < analysing.length - 1; i++) expect((analysing[i] as number) - (analysing[i - 1] as number)).toBeLessThanOrEqual(0.02);
    expect(values.at(-1)).toBeLessThan(1);
    expect(values.at(-1)).toBeGreaterThan(0.95);
  });

  it("holds the bar when a share comes in lower than one already said", () => {
    const said: number[] = [];
    const progress = createVerifyProgress((_, p) => said.push(p), { listens: false });
    progress.enter("analysing");
    progress.advance(0.5);
    progress.advance(0.3);
    expect(said[2]).toBe(said[1]);
    expect(() => createVerifyProgress(() => undefined, { listens: false }).advance(0.1)).toThrow(/no step/);
  });
});
