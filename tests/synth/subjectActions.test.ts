/**
 * The SYNTHETIC subject passes the service's own action check: asked for the four actions in a
 * row (one multiple-action recording, prompts ~1.3 s apart), it does each ~0.4 s after its prompt,
 * and the frames, sampled as the service samples them (8 fps, 320 px wide), analysed by the
 * service's Human and judged by checkActions with the shipped thresholds, show every action in
 * order; asked in another order, the same frames fail (the check is not passing anything).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ActionCode } from "../../src/domain/face/actions";
import type { FrameObservation } from "../../src/domain/face/types";
import { loadHuman } from "../../src/server/face/humanRuntime";
import { checkActions } from "../../src/server/verify/checks/challengeChecks";
import { createFrameAnalyzer, type FrameAnalyzer } from "../../src/server/verify/frameAnalyzer";
import { ACTION_CODES } from "../../schemas/launch";
import { FACE } from "../face/faceConfig";
import { loadSubjectModel } from "../fixtures/synth/faceModels";
import { LIGHTING_PRESETS, PAGE_LIGHT } from "../fixtures/synth/lighting";
import { createSubjectRenderer } from "../fixtures/synth/renderSubject";
import { subjectState } from "../fixtures/synth/subjectFrame";
import { actionScript, seededRandom, type SubjectAction, type SubjectScript } from "../fixtures/synth/subjectScript";

const PROMPTS: { code: ActionCode; action: SubjectAction; atMs: number }[] = [
  { code: ACTION_CODES.shakeHead, action: "shake", atMs: 300 },
  { code: ACTION_CODES.nod, action: "nod", atMs: 1800 },
  { code: ACTION_CODES.blink, action: "blink", atMs: 3000 },
  { code: ACTION_CODES.openMouth, action: "mouth", atMs: 3800 },
];
/** A person starts ~0.4 s after the prompt. */
const REACTION_MS = 400;
const END_MS = 5300;
/** The service's sampling (flows/capture.json verification.sampleFps.action and analysisWidth). */
const SAMPLE_FPS = 8;
const W = 640;
const H = 480;

let analyzer: FrameAnalyzer;
beforeAll(async () => {
  analyzer = createFrameAnalyzer(await loadHuman());
}, 60_000);

/** Frames as the service decodes them: rendered at 640x480, halved to 320x240 (2x2 means), analysed. */
async function observe(script: SubjectScript): Promise<FrameObservation[]> {
  const renderer = createSubjectRenderer(loadSubjectModel());
  const random = seededRandom(11);
  const out = { width: W, height: H, data: new Uint8Array(W * H * 4) };
  const frames: FrameObservation[] = [];
  for (let t = 0; t < END_MS; t += 1000 / SAMPLE_FPS) {
    renderer.render(subjectState({ pose: script.poseAt(t), screen: PAGE_LIGHT, lighting: LIGHTING_PRESETS.indoor, random }), out);
    const rgb = new Uint8Array((W / 2) * (H / 2) * 3);
    for (let y = 0; y < H / 2; y++)
      for (let x = 0; x < W / 2; x++)
        for (let c = 0; c < 3; c++) {
          const at = (dx: number, dy: number) => out.data[((2 * y + dy) * W + 2 * x + dx) * 4 + c] as number;
          rgb[(y * (W / 2) + x) * 3 + c] = (at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4;
        }
    frames.push((await analyzer.analyze({ atMs: t, width: W / 2, height: H / 2, rgb }, { iris: true, describe: false, scores: false })).observation);
  }
  return frames;
}

/** The service's verdict on `frames` for prompts given in this order at these times. */
const judge = (frames: FrameObservation[], prompts: { code: ActionCode; atMs: number }[]) =>
  checkActions(
    "actions",
    frames,
    prompts.map((p) => p.code),
    prompts.map((p) => ({ what: "action" as const, action: p.code, atMs: p.atMs })),
    FACE,
    300,
  );

describe("synthetic subject and the service's action check", () => {
  it("passes when it does the four prompted actions; the same frames fail for another order", async () => {
    const frames = await observe(actionScript(PROMPTS.map((p) => ({ action: p.action, atMs: p.atMs + REACTION_MS })), 4));
    const asked = judge(frames, PROMPTS);
    expect(asked.detail).toMatch(/Every action seen/);
    expect(asked.passed).toBe(true);
    // Mouth asked first, at the shake's time: the subject opened its mouth last.
    const reordered = judge(frames, [PROMPTS[3], PROMPTS[0], PROMPTS[1], PROMPTS[2]].map((p, i) => ({ code: (p as (typeof PROMPTS)[number]).code, atMs: PROMPTS[i]?.atMs ?? 0 })));
    expect(reordered.passed).toBe(false);
  }, 90_000);
});
