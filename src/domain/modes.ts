/**
 * Derived launch modes (spec §1, §4). Kept in one place so the entry rules, the guard,
 * capture and the service (orders, judged live type, duration limits) all agree on what
 * "action mode" or "will mode" means.
 */
import type { CaptureFile } from "../../schemas/capture";
import type { LaunchParams } from "../../schemas/launch";

export type LiveMode = "number" | "action" | "silent";
export type RealtimeMode = "trtc" | "ws";
/** live_type's codes (spec §3): 1 number, 2 action, 3 silent. */
export type LiveTypeCode = "1" | "2" | "3";

const LIVE_MODE_OF_TYPE = { "1": "number", "2": "action", "3": "silent" } as const satisfies Record<LiveTypeCode, LiveMode>;

/**
 * The live type actually checked (spec §4): action and silent are off for the landscape theme
 * 02, which turns them into number mode; no live type is number too. One rule for the page
 * (liveModeOf) and the service (src/server/store/orders.ts, the order's judged live type).
 * @example judgedLiveType("2", "02") // "1"
 */
export function judgedLiveType(liveType: LiveTypeCode | undefined, theme: string | undefined): LiveTypeCode {
  if (theme === "02") return "1";
  return liveType ?? "1";
}

/** Live type of the launch; action and silent are off for the landscape theme 02. */
export function liveModeOf(launch: LaunchParams): LiveMode {
  return LIVE_MODE_OF_TYPE[judgedLiveType(launch.live_type, launch.theme)];
}

/** Action mode in the guard's sense: action or silent liveness. */
export function isActionMode(launch: LaunchParams): boolean {
  return liveModeOf(launch) !== "number";
}

export function isWillMode(launch: LaunchParams): boolean {
  return launch.live_service === "2";
}

export function isRtcEnabled(launch: LaunchParams): boolean {
  return launch.rtc_mode_switch === "1";
}

export function isWsEnabled(launch: LaunchParams): boolean {
  return launch.ws_mode_switch === "1";
}

/**
 * Which of capture.json's mode orders applies (spec §4): `prioriWs` (websocket first) when
 * live_service is not 2 and priori_mode_switch is 1, `default` (real-time video first) otherwise.
 * Mode choice (src/capture/modeChoice.ts) walks the capture kinds in that order.
 */
export function modeOrderKeyOf(launch: LaunchParams): keyof CaptureFile["modeOrder"] {
  return launch.live_service !== "2" && launch.priori_mode_switch === "1" ? "prioriWs" : "default";
}

/**
 * The two real-time modes in the launch's order, for the h5conf "which mode went first" code
 * and the guard's `realtimeModeAvailable`; the same rule as modeOrderKeyOf, and `npm run
 * validate` checks that capture.json's orders put the two modes the same way.
 */
export function realtimeModeOrder(launch: LaunchParams): RealtimeMode[] {
  return modeOrderKeyOf(launch) === "prioriWs" ? ["ws", "trtc"] : ["trtc", "ws"];
}

/** The first real-time mode that is both enabled by the launch and supported here, if any. */
export function firstRealtimeMode(
  launch: LaunchParams,
  support: { supportTrtc: boolean; supportWs: boolean },
): RealtimeMode | null {
  for (const mode of realtimeModeOrder(launch)) {
    if (mode === "trtc" && isRtcEnabled(launch) && support.supportTrtc) return "trtc";
    if (mode === "ws" && isWsEnabled(launch) && support.supportWs) return "ws";
  }
  return null;
}
