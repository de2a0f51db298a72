/**
 * The recipe "a new server check", followed once: a check registered beside the shipped ones,
 * named in the config's lists where it runs. The verdict runs it in its place, fails the
 * attempt with its code when it fails; a name nobody registered is refused at start.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ChecksFile } from "../../../schemas/checks";
import type { VerifyAsk } from "../../../schemas/verifyJob";
import type { FrameObservation } from "../../../src/domain/face/types";
import { buildApp } from "../../../src/server/app";
import { loadCaptureLimits } from "../shippedLimits";
import { failed, pass } from "../../../src/server/media/checkOutcome";
import { VERIFY_CODES } from "../../../src/server/media/verifyCodes";
import type { MediaAnalysis } from "../../../src/server/verify/checks/analysis";
import { CheckPlanError, createCheckPlan, type CheckPlan } from "../../../src/server/verify/checks/checkPlan";
import { judgeMedia } from "../../../src/server/verify/checks/judgeMedia";
import { createServerCheckRegistry, mergeChecks, SERVER_CHECKS } from "../../../src/server/verify/checks/registry";
import { judged, type ServerCheck } from "../../../src/server/verify/checks/serverCheck";
import { personDescriptor, sameFaceAgain } from "../../face/syntheticDescriptor";
import { faceFrames, frameOf } from "../../face/syntheticFace";
import { CHECKS_BUT_PRESENCE, expectRanInOrder, shippedChecks, withoutPresence } from "./shippedChecks";

const limits = loadCaptureLimits();

/** The new check: the picture brighter than guidance asks (luma 60, over quality.minLuma 50); a face-group check, so it sets faceCode too. */
const lighting: ServerCheck = {
  group: "face",
  needs: [],
  passes: "the picture's mean luma is at least 60",
  codes: [VERIFY_CODES.noFace],
  run: ({ analysis }) => {
    const mean = analysis.frames.reduce((sum, f) => sum + f.luma, 0) / Math.max(1, analysis.frames.length);
    return judged(mean >= 60 ? pass("lighting", `Mean luma ${mean.toFixed(0)}, at least 60.`) : failed("lighting", VERIFY_CODES.noFace, `Too dark: mean luma ${mean.toFixed(0)}, at least 60 needed.`));
  },
};

/** The shipped lists with `name` inserted after `after` in silent mode's list. */
function withCheck(file: ChecksFile, name: string, after: string): ChecksFile {
  const list = file.live["3"];
  const at = list.indexOf(after) + 1;
  return { ...file, live: { ...file.live, "3": [...list.slice(0, at), name, ...list.slice(at)] } };
}

const person = personDescriptor(5);
function silentAttempt(luma: number): MediaAnalysis {
  const frames: FrameObservation[] = faceFrames([[0, {}]], { durationMs: 3000, fps: 5, noise: 1 }).map((f) => frameOf(f.atMs, f.faces, luma));
  return {
    source: { kind: "frames", frames: frames.length, bytes: 0, durationMs: frames.at(-1)?.atMs ?? 0 },
    frames,
    samples: [0, 1, 2, 3].map((k) => ({ atMs: k * 750, descriptor: sameFaceAgain(person, 10 + k) })),
    reference: null,
    speech: null,
    signals: [],
    mouth: [],
    cuts: { atMs: [], described: 0, found: 0 },
    audio: null,
  };
}
const SILENT: VerifyAsk = { liveType: "3", actions: [], digits: null, will: null, prompts: [], requireSpeech: false, light: null, lightShown: [], lightAlternative: false };
const judge = (plan: CheckPlan, analysis: MediaAnalysis, ask: VerifyAsk = SILENT) => judgeMedia(analysis, ask, "other", limits, plan);
const names = (result: ReturnType<typeof judge>) => result.checks.map((c) => c.name);

/**
 * The shipped lists and checks without the presentation-attack ones (frozen, light, lipSync),
 * which judge pixel signals these synthetic observations do not carry (their own tests:
 * tests/server/verify/liveness/); the recipe is the same for any check.
 */
const baseChecks = withoutPresence(shippedChecks);
/** Where withCheck puts a check listed after `after` in silent mode's list: its index in a plan error. */
const placeAfter = (file: ChecksFile, after: string) => `live.3[${file.live["3"].indexOf(after) + 1}]`;

describe("a new server check: one registration plus config", () => {
  const registry = createServerCheckRegistry(mergeChecks(CHECKS_BUT_PRESENCE, { lighting }));
  const plan = createCheckPlan(withCheck(baseChecks, "lighting", "liveness"), registry);

  it("runs where the config lists it, and the attempt passes when it passes", () => {
    const result = judge(plan, silentAttempt(120));
    expectRanInOrder(names(result), withCheck(baseChecks, "lighting", "liveness").live["3"], ["media", "duration", "frameRate", "face", "identity", "liveness", "lighting", "steady"]);
    expect(result).toMatchObject({ passed: true, code: "0", faceCode: "0" });
  });

  it("fails the attempt with its code when it fails, in its group's code too", () => {
    const result = judge(plan, silentAttempt(55));
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.noFace, faceCode: VERIFY_CODES.noFace });
    expect(result.checks.filter((c) => !c.passed)).toEqual([{ name: "lighting", passed: false, detail: "Too dark: mean luma 55, at least 60 needed." }]);
  });

  it("does not run in a mode whose list does not name it", () => {
    const number = judge(plan, silentAttempt(20), { ...SILENT, liveType: "1", digits: "1234" });
    expect(names(number)).not.toContain("lighting");
  });

  it("a config naming a check nobody registered is refused at start, listing the known ones", async () => {
    const config = withCheck(shippedChecks, "lighting", "liveness");
    expect(() => createCheckPlan(config, createServerCheckRegistry())).toThrow(CheckPlanError);
    const known = Object.keys(SERVER_CHECKS).join(", ");
    expect(known).toContain("frozen");
    expect(() => createCheckPlan(config, createServerCheckRegistry())).toThrow(`${placeAfter(shippedChecks, "liveness")}: unknown check "lighting" (known: ${known})`);
    // The service itself does not start on it (before it opens its store).
    await expect(buildApp({ dbPath: ":memory:", mediaDir: join(tmpdir(), "faceflow-never-created"), checks: config })).rejects.toThrow(/unknown check "lighting" \(known: media, /);
  });

  it("a registered check that no list names is refused: nothing would ever run it", () => {
    expect(() => createCheckPlan(baseChecks, registry)).toThrow(/check "lighting" is registered but no list names it/);
  });
});

describe("checks that read another check's result", () => {
  /** Reads the reference check's similarity: it can only run after it. */
  const afterReference: ServerCheck = {
    group: "face",
    needs: ["reference"],
    passes: "runs after the reference check",
    codes: [],
    run: ({ needed }) => judged(pass("afterReference", `reference figures ${JSON.stringify(needed("reference").figures)}`)),
  };
  const registry = createServerCheckRegistry(mergeChecks(CHECKS_BUT_PRESENCE, { afterReference }));

  it("a list naming one before what it needs is refused", () => {
    expect(() => createCheckPlan(withCheck(baseChecks, "afterReference", "liveness"), registry)).toThrow(`${placeAfter(baseChecks, "liveness")}: check "afterReference" needs "reference" listed before it`);
  });

  it("when what it needs had nothing to judge, it fails (1026) instead of passing", () => {
    const plan = createCheckPlan(withCheck(baseChecks, "afterReference", "reference"), registry);
    const result = judge(plan, silentAttempt(120));
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.checkNotRun, faceCode: VERIFY_CODES.checkNotRun });
    expect(result.checks.find((c) => c.name === "afterReference")?.detail).toContain("needs the reference check");
    const withPhoto = judge(plan, { ...silentAttempt(120), reference: { faces: 1, descriptor: sameFaceAgain(person, 77) } });
    expect(withPhoto.passed).toBe(true);
    expectRanInOrder(names(withPhoto), withCheck(baseChecks, "afterReference", "reference").live["3"], ["liveness", "reference", "afterReference", "steady"]);
  });
});

describe("a list whose checks all have nothing to judge", () => {
  it("fails the attempt (1026): a verdict never rests on no check at all", () => {
    const reference = SERVER_CHECKS.reference;
    if (reference === undefined) throw new Error("the shipped checks have no reference check");
    const onlyReference = ["reference"];
    const byType = { "1": onlyReference, "2": onlyReference, "3": onlyReference };
    // The replay check's section is the file's whatever the lists say (it judges on the main thread).
    const plan = createCheckPlan({ live: byType, will: byType, thresholds: { replay: shippedChecks.thresholds.replay } }, createServerCheckRegistry({ reference }));
    // No reference photo: the one configured check omits itself.
    const result = judge(plan, silentAttempt(120));
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.checkNotRun });
    expect(result.checks).toEqual([{ name: "checks", passed: false, detail: "No configured check judged this attempt." }]);
    // With a photo it judges, and the verdict is its own.
    expect(judge(plan, { ...silentAttempt(120), reference: { faces: 1, descriptor: sameFaceAgain(person, 77) } }).passed).toBe(true);
  });
});
