/**
 * The camera-input check of spec §5, loaded on demand: its module (with the user-agent parser)
 * and the runtime's device rules (flows/devices.json) arrive together, neither with the first
 * screen. Rejects when either fails to load (a dropped network).
 */
import type { CameraEligibility } from "../device/eligibility";
import type { ParsedDevice } from "../../schemas/device";
import type { FlowRuntime } from "../runtime/runtime";

export interface CameraCheck {
  check(): CameraEligibility;
  parseThisDevice(): ParsedDevice;
  /** Whether to offer continuing on a phone (issue 32); `blocked`: the camera check refused this browser. */
  phoneOffer(blocked: boolean): Promise<"none" | "offer" | "noCamera">;
}

export async function loadCameraCheck(rt: FlowRuntime): Promise<CameraCheck> {
  const [module, rules] = await Promise.all([import("./cameraEligibility"), rt.loadDevices()]);
  return { check: () => module.checkCameraEligibility(rt, rules), parseThisDevice: () => module.parseThisDevice(rt), phoneOffer: (blocked) => module.phoneOfferOf(rt, rules, blocked) };
}
