/**
 * Camera-input eligibility of spec §5 for this page's browser, with its cached uaDetect
 * record in the launch's storage. Loaded with import() (cameraCheck.ts) by the screens that need it, so the
 * user-agent parser and the device rules stay out of the first screen.
 */
import type { ParsedDevice } from "../../schemas/device";
import type { DevicesFile } from "../../schemas/devices";
import { createCameraEligibility, type CameraEligibility } from "../device/eligibility";
import { parseDevice } from "../device/parseDevice";
import type { FlowRuntime } from "../runtime/runtime";
import { HANDOFF_PHONE_COOKIE } from "../../schemas/apiCodes";
import { handoffPolicyOf, offersHandoff } from "../domain/handoffPolicy";

/** What the start page offers a desktop (phoneOfferOf). */
export type PhoneOffer = "none" | "offer" | "noCamera";

/** `rules`: the runtime's devices.json (rt.loadDevices, loaded with this module by cameraCheck.ts). */
export function checkCameraEligibility(rt: FlowRuntime, rules: DevicesFile): CameraEligibility {
  const checker = createCameraEligibility({
    rules,
    storage: { get: (key) => rt.storage.get(key), set: (key, value) => rt.storage.set(key, value) },
    onCorruptCache: (issue) => rt.stats.record("uaDetectCacheCorrupt", { issue }),
  });
  return checker.check({ userAgent: rt.win.navigator.userAgent, from: rt.launch.from });
}

export function parseThisDevice(rt: FlowRuntime): ParsedDevice {
  return parseDevice(rt.win.navigator.userAgent);
}

/**
 * Whether this page offers to continue on a phone (issue 32), and why: only a desktop (the
 * parsed device type) that is not itself a handoff's phone, under the launch's or the app's
 * policy (src/domain/handoffPolicy.ts, flows/devices.json `phoneHandoff`); "noCamera" when its camera check failed (`blocked`) or
 * the browser lists no camera, "offer" when the policy offers it anyway, "none" otherwise.
 */
export async function phoneOfferOf(rt: FlowRuntime, rules: DevicesFile, blocked: boolean): Promise<PhoneOffer> {
  if (parseThisDevice(rt).type !== "desktop" || rt.cookies.get(HANDOFF_PHONE_COOKIE) === "1") return "none";
  const policy = handoffPolicyOf(rules.phoneHandoff, rt.launch.wb_app_id, rt.launch.phone_handoff);
  if (policy === "off") return "none";
  const noCamera = blocked || !(await hasCamera(rt.win.navigator));
  if (noCamera) return "noCamera";
  return offersHandoff(policy, false) ? "offer" : "none";
}

/** False when the browser lists no camera (or cannot list devices: then it cannot record either). */
async function hasCamera(navigator: Navigator): Promise<boolean> {
  try {
    const devices = (await navigator.mediaDevices?.enumerateDevices()) ?? [];
    return devices.some((device) => device.kind === "videoinput");
  } catch {
    return false;
  }
}
