import { describe, expect, it } from "vitest";
import { judgeLipSync, LIP_SYNC_DEFAULTS, lipSyncThresholdsSchema, speechEnvelope } from "../../../../src/server/verify/checks/liveness/lipSyncCheck";
import { mouthTrack, speechAudio, speechPlan } from "./syntheticSpeech";

const DURATION = 4500;
const plan = speechPlan(3, 400, DURATION);
const audio = speechAudio(plan.syllables, DURATION, 3);

describe("judgeLipSync (synthetic speech)", () => {
  it("has defaults its schema accepts", () => {
    expect(lipSyncThresholdsSchema.parse(LIP_SYNC_DEFAULTS)).toEqual(LIP_SYNC_DEFAULTS);
  });

  it("follows the voice's loudness in its envelope: loud in syllables, at the floor in pauses", () => {
    const env = speechEnvelope(audio, 16_000);
    const at = (ms: number) => env[Math.round((ms - 20) / 10)]!.level;
    const s = plan.syllables.find((x) => x.peak > 0.25)!;
    expect(at((s.startMs + s.endMs) / 2 + 60)).toBeGreaterThan(at(200) + 20);
  });

  it("passes lips that move with the voice, at any audio delay within ±250 ms", () => {
    for (const [seed, delay] of [[3, 60], [4, -150], [5, 220]] as const) {
      const p = speechPlan(seed, 400, DURATION);
      const { outcome, figures } = judgeLipSync(mouthTrack(p.syllables, DURATION, seed), speechAudio(p.syllables, DURATION, seed, delay), p.voiced);
      expect(outcome, outcome.detail).toMatchObject({ name: "lipSync", passed: true });
      expect(Math.abs((figures.lagMs ?? 999) - delay)).toBeLessThanOrEqual(60);
    }
  });

  it("fails (1032) still lips while the voice speaks (speech over a photo)", () => {
    const { outcome, figures } = judgeLipSync(mouthTrack(plan.syllables, DURATION, 3, 15, () => false), audio, plan.voiced);
    expect(outcome).toMatchObject({ passed: false, failCode: "1032" });
    expect(outcome.detail).toContain("did not move while the voice spoke");
    // The mesh's jitter alone stays under the floor.
    expect(figures.spread).toBeLessThan(LIP_SYNC_DEFAULTS.minSpread);
  });

  it("fails (1032) lips that move with other speech (a video dubbed, a photo animated to other words)", () => {
    for (const seed of [101, 102, 103, 104]) {
      const other = speechPlan(seed, 400, DURATION);
      const { outcome } = judgeLipSync(mouthTrack(other.syllables, DURATION, seed), audio, plan.voiced);
      expect(outcome, outcome.detail).toMatchObject({ passed: false, failCode: "1032" });
    }
  });

  it("fails (1032) a voiced stretch the lips sit out, though they moved in the rest", () => {
    const long = speechPlan(7, 400, 6000);
    const stretch = long.voiced.find((v) => v.endMs - v.startMs >= LIP_SYNC_DEFAULTS.stretchMs)!;
    const mouth = mouthTrack(long.syllables, 6000, 7, 15, (atMs) => atMs < stretch.startMs || atMs >= stretch.endMs);
    const { outcome } = judgeLipSync(mouth, speechAudio(long.syllables, 6000, 7), long.voiced);
    expect(outcome).toMatchObject({ passed: false, failCode: "1032" });
    expect(outcome.detail).toContain(`from ${(stretch.startMs / 1000).toFixed(2)} s`);
  });

  it("fails (1032) as not judged when the mouth was sampled fewer than 10 times a second of voice", () => {
    const { outcome } = judgeLipSync(mouthTrack(plan.syllables, DURATION, 3, 5), audio, plan.voiced);
    expect(outcome).toMatchObject({ passed: false, failCode: "1032" });
    expect(outcome.detail).toContain("Not judged");
    expect(judgeLipSync([], audio, []).outcome).toMatchObject({ passed: false, failCode: "1032" });
  });
});
