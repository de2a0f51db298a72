/**
 * The replay check against a copy played faster or slower as a whole (src/server/verify/
 * fingerprint/tempoMatch.ts), on SYNTHETIC speech (a harmonic tone under a syllable's loudness
 * curve every 200-260 ms, with pauses, over room noise) and the mouth opening on each syllable:
 * a copy at 0.82-1.22 times the speed, its voice re-timed with or without its pitch, trimmed,
 * its picture mirrored (every frame hash moved), is one recording with its original; a retake of
 * the same words (each syllable up to 90 ms elsewhere), also read at another pace, and another
 * take's words are not. The margins on rendered takes are measured by scripts/presence/voiceLab.ts
 * and mouthLab.ts.
 */
import { describe, expect, it } from "vitest";
import type { MediaFingerprint } from "../../../schemas/mediaFingerprint";
import { checkPlanProblems } from "../../../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../../../src/server/verify/checks/registry";
import { describeMatch, matchFingerprints } from "../../../src/server/verify/fingerprint/compareFingerprints";
import { REPLAY_DEFAULTS, replayThresholdsOf } from "../../../src/server/verify/fingerprint/replayThresholds";
import { voiceSeries } from "../../../src/server/verify/fingerprint/voiceSeries";
import { shippedChecks } from "../verify/shippedChecks";
import { mouthOf, onsets, retake, speech } from "./syntheticSpeech";

const FRAMES = "0f1e2d3c4b5a6978".repeat(20);
const MIRRORED = "f0e1d2c3b4a59687".repeat(20);
const words = onsets(16, 3);
const take = (syllables: number[], o: { f0: number; seed: number; syllableMs?: number; openMs?: number; frames?: string }): MediaFingerprint => ({
  version: 1,
  frames: o.frames ?? FRAMES,
  audio: null,
  mouth: mouthOf(syllables, o.openMs),
  voice: voiceSeries(speech(syllables, o)),
});
const original = take(words, { f0: 180, seed: 1 });

/** `original` played at `tempo`, its first `trimMs` (of the copy) cut: every syllable earlier or later and shorter or longer. */
function copyAt(tempo: number, o: { trimMs: number; keepPitch: boolean; frames?: string }): MediaFingerprint {
  const moved = words.map((t) => t / tempo - o.trimMs);
  return take(moved, { f0: o.keepPitch ? 180 : 180 * tempo, seed: 2, syllableMs: 160 / tempo, openMs: 180 / tempo, ...(o.frames ? { frames: o.frames } : {}) });
}

describe("a replay played faster or slower as a whole", () => {
  const copies = [
    { tempo: 0.82, trimMs: 0, keepPitch: true },
    { tempo: 0.9, trimMs: 130, keepPitch: false },
    { tempo: 1.12, trimMs: 75, keepPitch: true, frames: MIRRORED },
    { tempo: 1.22, trimMs: 210, keepPitch: false, frames: MIRRORED },
  ];

  it.each(copies)("is one recording with its original at tempo $tempo (trimmed $trimMs ms, pitch kept: $keepPitch), and says at what speed", ({ tempo, ...o }) => {
    const match = matchFingerprints(copyAt(tempo, o), original);
    expect(match, `tempo ${tempo}`).not.toBeNull();
    expect(match!.syllables?.tempo?.times).toBeCloseTo(tempo, 1);
    expect(describeMatch(match!)).toMatch(/played \d\.\d\d times as fast \(correlation (0\.9\d|1\.00), the lips 0\.\d\d\)/);
  });

  it("is not one where its lips do not move with the voice at that tempo (a voice dubbed over another take's mouth is the lip-sync check's)", () => {
    const copy = copyAt(1.12, { trimMs: 75, keepPitch: true });
    const otherMouth = take(onsets(16, 9), { f0: 180, seed: 9 }).mouth!;
    expect(matchFingerprints({ ...copy, mouth: otherMouth }, original)).toBeNull();
  });
});

describe("honest takes are not taken for a copy at another tempo", () => {
  it("ten retakes of the same words at paces of 0.85-1.15, each syllable up to 90 ms elsewhere (54 ms typical)", () => {
    for (let seed = 10; seed < 20; seed++) {
      const pace = 0.85 + ((seed - 10) / 9) * 0.3;
      const again = retake(words, seed, 90, pace);
      expect(matchFingerprints(take(again, { f0: 170, seed, syllableMs: 160 / pace, openMs: 180 / pace }), original), `retake ${seed} at pace ${pace.toFixed(2)}`).toBeNull();
    }
  });

  it("five takes of other words", () => {
    for (let seed = 20; seed < 25; seed++) expect(matchFingerprints(take(onsets(16, seed), { f0: 180, seed }), original), `other words ${seed}`).toBeNull();
  });
});

describe("the tempo search's thresholds", () => {
  it("are data in flows/checks.json (thresholds.replay), shipped at the values their margins were measured for", () => {
    expect(replayThresholdsOf(shippedChecks)).toEqual(REPLAY_DEFAULTS);
  });

  it("are required and checked with the plan: a missing or inverted section stops the build and the service", () => {
    const registry = createServerCheckRegistry();
    const { replay: _replay, ...others } = shippedChecks.thresholds;
    expect(checkPlanProblems({ ...shippedChecks, thresholds: others }, registry)).toContain("thresholds.replay: missing (the replay check reads its thresholds there)");
    const inverted = { ...shippedChecks, thresholds: { ...others, replay: { ...REPLAY_DEFAULTS, slowestTempo: 1, fastestTempo: 1 } } };
    expect(checkPlanProblems(inverted, registry).join("\n")).toMatch(/thresholds\.replay: .*slowestTempo must be below fastestTempo/);
  });
});
