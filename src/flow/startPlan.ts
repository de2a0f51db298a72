/**
 * What a start page shows and where it leads, as pure functions of the route's props and
 * the launch (spec §1, §2, §4): which liveness check the user will do, what is asked of
 * them, how many pre-pictures to show, whether the splash page comes first and which of its
 * outcomes records.
 */
import { ACTION_CODES, type LaunchParams } from "../../schemas/launch";
import type { CaptureFile } from "../../schemas/capture";
import type { StartChannel, StartMode } from "../../schemas/screenProps";
import { isWillMode, liveModeOf, type LiveMode } from "../domain/modes";

export type ActionCode = (typeof ACTION_CODES)[keyof typeof ACTION_CODES];
const ACTION_CODE_SET: ReadonlySet<string> = new Set(Object.values(ACTION_CODES));

/** The asked-for actions in order, from traditional_action ("2,3" → blink, open mouth). */
export function actionCodesOf(launch: Pick<LaunchParams, "traditional_action">): ActionCode[] {
  return (launch.traditional_action ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter((code): code is ActionCode => ACTION_CODE_SET.has(code));
}

/** The liveness check of a start page: the route fixes it, except trtc which takes the launch's. */
function liveModeForStart(mode: StartMode, launch: LaunchParams): LiveMode {
  switch (mode) {
    case "plain":
      return "number";
    case "action":
      return "action";
    case "silent":
      return "silent";
    case "trtc":
      return liveModeOf(launch);
  }
}

/** One thing the check asks of the user, in the order shown. */
export type CheckItem =
  | { kind: "number" }
  | { kind: "action"; actions: ActionCode[] }
  | { kind: "silent" }
  | { kind: "realtime" }
  | { kind: "will"; nod: boolean }
  | { kind: "permission"; microphone: boolean };

/** Reading digits and speaking a consent are recorded with sound; actions and stillness are not. */
export function needsMicrophone(liveMode: LiveMode, will: boolean): boolean {
  return will || liveMode === "number";
}

export function checkItemsOf(mode: StartMode, launch: LaunchParams): CheckItem[] {
  const liveMode = liveModeForStart(mode, launch);
  const will = isWillMode(launch);
  const items: CheckItem[] = [];
  if (mode === "trtc") items.push({ kind: "realtime" });
  if (liveMode === "number") items.push({ kind: "number" });
  else if (liveMode === "action") items.push({ kind: "action", actions: actionCodesOf(launch) });
  else items.push({ kind: "silent" });
  // will_type 2: the will is confirmed by a nod instead of a spoken answer.
  if (will) items.push({ kind: "will", nod: launch.will_type === "2" });
  items.push({ kind: "permission", microphone: needsMicrophone(liveMode, will) });
  return items;
}

/** Pre-pictures of spec §4 (capture.json `prePictures`: action 8 in the messaging browser or 9 in h5, silent 5 each, none for digits). */
export function prePictureCount(mode: StartMode, channel: StartChannel, launch: LaunchParams, prePictures: CaptureFile["prePictures"]): number {
  return prePictures[liveModeForStart(mode, launch)][channel];
}

/** Spec §2: the splash page comes first in will mode or when splash_page is 1. */
export function showsSplash(launch: LaunchParams): boolean {
  return isWillMode(launch) || launch.splash_page === "1";
}

/** Which of the start page's recording outcomes (flows/routes.json `next`) its button takes: real-time video records will mode on a route of its own. */
export function recordOutcomeOf(mode: StartMode, launch: LaunchParams): "record" | "recordWill" {
  return mode === "trtc" && isWillMode(launch) ? "recordWill" : "record";
}
