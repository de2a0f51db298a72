/**
 * What the user was asked to do, judged on the decoded frames: each requested action in the
 * issued order and after its prompt (action mode, and the nod of will mode's will_type 2),
 * or one good face held still (silent mode). The detectors are the browser's (src/face/),
 * with the service's tolerance for re-measured frames (actions.recheckScale).
 */
import type { CapturePrompt } from "../../../../schemas/api";
import type { FaceConfig } from "../../../../schemas/capture";
import { relaxActionThresholds } from "../../../domain/face/actions";
import { judgeActions } from "../../../domain/face/judgeActions";
import { steadySingleFace } from "../../../domain/face/silent";
import type { FrameObservation } from "../../../domain/face/types";
import { actionName, failed, pass, type Outcome } from "../../media/checkOutcome";
import { VERIFY_CODES } from "../../media/verifyCodes";
import { plural, seconds } from "./analysis";

export function checkActions(
  name: string,
  frames: readonly FrameObservation[],
  actions: readonly string[],
  prompts: readonly CapturePrompt[],
  face: FaceConfig,
  slackMs: number,
): Outcome {
  if (actions.length === 0) return failed(name, VERIFY_CODES.actionsNotIssued, "No action was issued for this attempt.");
  const relaxed: FaceConfig = { ...face, actions: relaxActionThresholds(face.actions, face.actions.recheckScale) };
  const actionPrompts = prompts.flatMap((p) => (p.what === "action" && p.action ? [{ action: p.action, atMs: p.atMs }] : []));
  const verdicts = judgeActions(frames, actions, actionPrompts, relaxed, slackMs);
  const describe = verdicts.map((v) => {
    const prompt = v.promptAtMs === null ? "no prompt time reported" : `prompted at ${seconds(v.promptAtMs)}`;
    return `${actionName(v.code)} (${prompt}): ${v.seenAtMs === null ? "not seen" : `seen, confirmed at ${seconds(v.seenAtMs)}`}`;
  });
  const where = `in ${plural(frames.length, "decoded frame")}, each looked for only after its prompt (less ${slackMs} ms) and after the action before it`;
  return verdicts.every((v) => v.seenAtMs !== null)
    ? pass(name, `Every action seen in order ${where}: ${describe.join("; ")}.`)
    : failed(name, VERIFY_CODES.actionNotDone, `Not every action was seen in order ${where}: ${describe.join("; ")}.`);
}

export function checkSteady(frames: readonly FrameObservation[], face: FaceConfig): Outcome {
  const held = steadySingleFace(frames, face.silent, face.quality);
  const rule = `one good face held for ${face.silent.steadyMs} ms, its box centre moving at most ${face.silent.maxMovement} of the frame width`;
  if (!held.done) return failed("steady", VERIFY_CODES.faceNotSteady, `Silent mode needs ${rule}; not seen in ${plural(frames.length, "decoded frame")}.`);
  const from = held.keyAtMs[0] ?? 0;
  const to = held.keyAtMs[held.keyAtMs.length - 1] ?? from;
  return pass("steady", `Silent mode: ${rule}, seen from ${seconds(from)} to ${seconds(to)}.`);
}
