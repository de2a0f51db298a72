/**
 * The device-info string of spec §3 for this page, as the flow sees it at a hand-over: the
 * parsed device (the user-agent parser loads with the camera check, never with the first
 * screen), the messaging app, the network type, the theme and grayscale release, and the
 * run-time part the flow keeps in the session state (device mode, h5conf and downgrade codes,
 * which change as modes open, close and downgrade). The attempt machine asks for it when a
 * recording is handed over (src/flow/attempt/ports.ts `describeDevice`).
 */
import { buildDeviceInfo, networkTypeFromUserAgent } from "../device/buildDeviceInfo";
import { formatDeviceInfo } from "../domain/deviceInfo";
import type { FlowRuntime } from "../runtime/runtime";
import { loadCameraCheck } from "./cameraCheck";

/** The Network Information API's type where the browser has it ("wifi", "cellular"); null elsewhere. */
function networkTypeOf(win: Window): string | null {
  const fromUserAgent = networkTypeFromUserAgent(win.navigator.userAgent);
  if (fromUserAgent !== null) return fromUserAgent;
  const connection = (win.navigator as Navigator & { connection?: { type?: unknown } }).connection;
  return typeof connection?.type === "string" ? connection.type : null;
}

/** @example await describeThisDevice(rt) // "deviceType=mobile;version=iOS%2017.4;…;h5conf=-1%2C-2%2C3;h5downgrade=" */
export async function describeThisDevice(rt: FlowRuntime): Promise<string> {
  const cameraCheck = await loadCameraCheck(rt);
  return formatDeviceInfo(
    buildDeviceInfo({
      device: cameraCheck.parseThisDevice(),
      messagingApp: rt.messagingApp,
      networkType: networkTypeOf(rt.win),
      theme: rt.launch.theme ?? "",
      grayVersion: rt.settings.grayVersion,
      runtime: rt.readSessionState().deviceInfo,
    }),
  );
}
