import { describe, expect, it } from "vitest";
import type { CapturePrompt } from "../../../schemas/api";
import { judgeActions } from "../../../src/domain/face/judgeActions";
import { loadCaptureLimits } from "../shippedLimits";
import { checkActions, checkSteady } from "../../../src/server/verify/checks/challengeChecks";
import { performing, type Performance } from "../../face/actionSequences";
import { faceFrames, frameOf, NEUTRAL, syntheticFace } from "../../face/syntheticFace";

const { face, verification } = loadCaptureLimits();
const SLACK = verification.promptSlackMs;

// Shake from 500 ms (back at rest at 1800), blink from 2500 (eyes shut at 2625-2750).
const SHAKE_THEN_BLINK: Performance[] = [["1", 500], ["2", 2500]];
const frames = performing(SHAKE_THEN_BLINK, { durationMs: 4000 });
const action = (code: string, atMs: number): CapturePrompt => ({ what: "action", action: code as CapturePrompt["action"], atMs });
const actions = (codes: string[], prompts: CapturePrompt[], list = frames) => checkActions("actions", list, codes, prompts, face, SLACK);

describe("checkActions", () => {
  it("passes the actions done in order after their prompts, and says when each was seen", () => {
    const result = actions(["1", "2"], [action("1", 0), action("2", 2200)]);
    expect(result).toMatchObject({ name: "actions", passed: true, failCode: "0" });
    expect(result.detail).toMatch(/1 shake head \(prompted at 0\.00 s\): seen, confirmed at \d\.\d\d s; 2 blink \(prompted at 2\.20 s\): seen/);
  });

  it("fails (1018) an action done before its prompt, out of order, or not at all", () => {
    const early = actions(["1", "2"], [action("1", 0), action("2", 3000)]);
    expect(early).toMatchObject({ passed: false, failCode: "1018" });
    expect(early.detail).toContain("2 blink (prompted at 3.00 s): not seen");
    expect(actions(["2", "1"], [action("2", 0), action("1", 0)])).toMatchObject({ passed: false, failCode: "1018" });
    expect(actions(["2", "1"], [])).toMatchObject({ passed: false, failCode: "1018" });
    expect(actions(["1", "2", "3"], [])).toMatchObject({ passed: false, failCode: "1018" });
    expect(actions(["1", "2"], []).passed).toBe(true);
  });

  it("reads only the action prompts (digits and question prompts say nothing of an action)", () => {
    const others: CapturePrompt[] = [{ what: "digits", atMs: 3500 }, { what: "question", atMs: 3500 }];
    expect(actions(["1", "2"], others).passed).toBe(true);
    expect(actions(["1", "2"], others).detail).toContain("no prompt time reported");
  });

  it("fails an order without actions (1012) and an unknown action code (1018)", () => {
    expect(actions([], [])).toMatchObject({ passed: false, failCode: "1012" });
    const unknown = actions(["1", "7"], []);
    expect(unknown).toMatchObject({ passed: false, failCode: "1018" });
    expect(unknown.detail).toContain("7 unknown action");
  });

  it("needs an action asked twice done twice, each after its own prompt", () => {
    const blinks = performing([["2", 1000], ["2", 2500]], { durationMs: 3500 });
    expect(actions(["2", "2"], [action("2", 500), action("2", 2000)], blinks).passed).toBe(true);
    expect(actions(["2", "2"], [action("2", 500), action("2", 3000)], blinks).failCode).toBe("1018");
    expect(actions(["2", "2"], [], performing([["2", 1000]], { durationMs: 3500 })).failCode).toBe("1018");
  });

  it("judges re-measured frames with the service's tolerance (actions.recheckScale)", () => {
    const { pitch } = NEUTRAL;
    const swing = face.actions.nod.minPitchSwing * 0.9;
    const nod = faceFrames([[0, {}], [500, { pitch }], [900, { pitch: pitch + swing }], [1300, { pitch }]], { durationMs: 2000 });
    // Just under the device's threshold: the device would not count it, the service does.
    expect(judgeActions(nod, ["4"], [], face, SLACK)[0]?.seenAtMs).toBeNull();
    const result = checkActions("nod", nod, ["4"], [], face, SLACK);
    expect(result).toMatchObject({ name: "nod", passed: true });
  });
});

describe("checkSteady", () => {
  const STEP = 200;
  const still = Array.from({ length: 15 }, (_, i) => frameOf(i * STEP, [syntheticFace()]));

  it("passes a face held still for steadyMs and names the stretch", () => {
    const result = checkSteady(still, face);
    expect(result).toMatchObject({ name: "steady", passed: true });
    expect(result.detail).toContain(`seen from 0.00 s to ${(face.silent.steadyMs / 1000).toFixed(2)} s`);
  });

  it("fails (1019) a face that moves, or is there for less than steadyMs", () => {
    const moving = still.map((f, i) => ({ ...f, faces: [syntheticFace({ at: { cx: i % 2 ? 130 : 190 } })] }));
    const result = checkSteady(moving, face);
    expect(result).toMatchObject({ passed: false, failCode: "1019" });
    expect(result.detail).toContain("not seen in 15 decoded frames");
    expect(checkSteady(still.slice(0, 4), face).failCode).toBe("1019");
    expect(checkSteady([], face).failCode).toBe("1019");
  });
});
