import { describe, expect, it } from "vitest";
import { judgeActions } from "../../../src/domain/face/judgeActions";
import { performing, type Performance } from "../../face/actionSequences";
import { FACE } from "../../face/faceConfig";
import { frameOf, syntheticFace } from "../../face/syntheticFace";

const SLACK = 300;
type Prompt = { action: string; atMs: number };

function judge(performances: Performance[], actions: string[], prompts: Prompt[], options: { seed?: number; slackMs?: number; durationMs?: number } = {}) {
  const frames = performing(performances, { durationMs: options.durationMs ?? 6000, seed: options.seed ?? 1 });
  return judgeActions(frames, actions, prompts, FACE, options.slackMs ?? SLACK);
}
const seen = (verdicts: ReturnType<typeof judgeActions>) => verdicts.map((v) => v.seenAtMs !== null);

// Shake from 500 ms (back at rest at 1800), blink from 2500 (eyes shut at 2625-2750, open at 2875).
const SHAKE_THEN_BLINK: Performance[] = [["1", 500], ["2", 2500]];

describe("judgeActions", () => {
  it("sees each action done after its prompt, in order, on the frame it comes back to rest", () => {
    for (let seed = 1; seed <= 8; seed++) {
      const verdicts = judge(SHAKE_THEN_BLINK, ["1", "2"], [{ action: "1", atMs: 0 }, { action: "2", atMs: 2000 }], { seed });
      expect(verdicts.map((v) => v.promptAtMs), `seed ${seed}`).toEqual([0, 2000]);
      const [shake, blink] = verdicts;
      expect(shake?.seenAtMs, `seed ${seed}`).toBeGreaterThan(1300);
      expect(shake?.seenAtMs).toBeLessThanOrEqual(1875);
      expect(blink?.seenAtMs, `seed ${seed}`).toBeGreaterThan(2750);
      expect(blink?.seenAtMs).toBeLessThanOrEqual(3000);
      // The proof: baseline frames, peak(s), return, all inside the action's own stretch.
      expect(blink?.keyAtMs.every((t) => t > 2000 - SLACK && t <= (blink.seenAtMs as number))).toBe(true);
      expect(blink?.keyAtMs.at(-1)).toBe(blink?.seenAtMs);
    }
  });

  it("does not count an action done before its prompt, nor the ones after it", () => {
    // The page reports the blink prompt at 3000 ms: the blink at 2500 was done before it was asked.
    expect(seen(judge(SHAKE_THEN_BLINK, ["1", "2"], [{ action: "1", atMs: 0 }, { action: "2", atMs: 3000 }]))).toEqual([true, false]);
    // The shake's prompt comes after the shake: neither counts (the blink can no longer be "after" it).
    expect(seen(judge(SHAKE_THEN_BLINK, ["1", "2"], [{ action: "1", atMs: 2000 }, { action: "2", atMs: 2200 }]))).toEqual([false, false]);
    // The same recording with the prompts before each action passes.
    expect(seen(judge(SHAKE_THEN_BLINK, ["1", "2"], [{ action: "1", atMs: 0 }, { action: "2", atMs: 2200 }]))).toEqual([true, true]);
  });

  it("looks from slackMs before the reported prompt (the prompt takes a moment to appear)", () => {
    // The eyes shut at 2625, just before the prompt is reported at 2650.
    const prompts = [{ action: "1", atMs: 0 }, { action: "2", atMs: 2650 }];
    expect(seen(judge(SHAKE_THEN_BLINK, ["1", "2"], prompts))).toEqual([true, true]);
    expect(seen(judge(SHAKE_THEN_BLINK, ["1", "2"], prompts, { slackMs: 0 }))).toEqual([true, false]);
  });

  it("needs the requested order: an action done before the previous one does not count", () => {
    const bothPromptedAtStart = [{ action: "2", atMs: 0 }, { action: "1", atMs: 0 }];
    expect(seen(judge(SHAKE_THEN_BLINK, ["2", "1"], bothPromptedAtStart))).toEqual([true, false]);
    expect(seen(judge(SHAKE_THEN_BLINK, ["1", "2"], bothPromptedAtStart))).toEqual([true, true]);
  });

  it("keeps the order when the page reported no prompt", () => {
    const inOrder = judge(SHAKE_THEN_BLINK, ["1", "2"], []);
    expect(inOrder.map((v) => v.promptAtMs)).toEqual([null, null]);
    expect(seen(inOrder)).toEqual([true, true]);
    expect(seen(judge(SHAKE_THEN_BLINK, ["2", "1"], []))).toEqual([true, false]);
    // A prompt of another action is not this action's prompt.
    expect(judge(SHAKE_THEN_BLINK, ["2"], [{ action: "1", atMs: 0 }])[0]?.promptAtMs).toBeNull();
  });

  it("fails an unknown action code, and every action after it", () => {
    const verdicts = judge(SHAKE_THEN_BLINK, ["1", "9", "2"], []);
    expect(verdicts.map((v) => v.code)).toEqual(["1", "9", "2"]);
    expect(seen(verdicts)).toEqual([true, false, false]);
    expect(seen(judge(SHAKE_THEN_BLINK, ["", "1"], []))).toEqual([false, false]);
  });

  it("needs an action asked twice to be done twice, each after its own prompt", () => {
    const once: Performance[] = [["2", 1000]];
    const twice: Performance[] = [["2", 1000], ["2", 2500]];
    expect(seen(judge(once, ["2", "2"], []))).toEqual([true, false]);
    expect(seen(judge(twice, ["2", "2"], []))).toEqual([true, true]);
    const prompts = (second: number) => [{ action: "2", atMs: 500 }, { action: "2", atMs: second }];
    const verdicts = judge(twice, ["2", "2"], prompts(2000));
    expect(verdicts.map((v) => v.promptAtMs)).toEqual([500, 2000]);
    expect(seen(verdicts)).toEqual([true, true]);
    // Both blinks before the second prompt: one blink was not asked for yet.
    expect(seen(judge(twice, ["2", "2"], prompts(3500)))).toEqual([true, false]);
  });

  it("judges all four actions in a longer recording", () => {
    const all: Performance[] = [["1", 500], ["2", 2500], ["3", 3500], ["4", 5000]];
    const prompts = [{ action: "1", atMs: 0 }, { action: "2", atMs: 2100 }, { action: "3", atMs: 3100 }, { action: "4", atMs: 4600 }];
    for (let seed = 1; seed <= 5; seed++) {
      expect(seen(judge(all, ["1", "2", "3", "4"], prompts, { seed, durationMs: 7000 })), `seed ${seed}`).toEqual([true, true, true, true]);
    }
    // A still face shows none of them.
    expect(seen(judge([], ["1", "2", "3", "4"], []))).toEqual([false, false, false, false]);
  });

  it("accepts frames in any order, and skips frames without exactly one face", () => {
    const frames = performing(SHAKE_THEN_BLINK, { durationMs: 4000 });
    const prompts = [{ action: "1", atMs: 0 }, { action: "2", atMs: 2200 }];
    const judged = judgeActions(frames, ["1", "2"], prompts, FACE, SLACK);
    expect(judgeActions([...frames].reverse(), ["1", "2"], prompts, FACE, SLACK)).toEqual(judged);
    const noise = [frameOf(62, []), frameOf(1062, [syntheticFace(), syntheticFace({ at: { cx: 40 } })])];
    expect(judgeActions([...frames, ...noise], ["1", "2"], prompts, FACE, SLACK)).toEqual(judged);
    // Without the shut-eye frames the blink is not there to see.
    const withoutBlink = frames.filter((f) => f.atMs < 2625 || f.atMs > 2750);
    expect(seen(judgeActions(withoutBlink, ["1", "2"], prompts, FACE, SLACK))).toEqual([true, false]);
  });
});
