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
}

export async function loadCameraCheck(rt: FlowRuntime): Promise<CameraCheck> {
  const [module, rules] = await Promise.all([import("./cameraEligibility"), rt.loadDevices()]);
  return { check: () => module.checkCameraEligibility(rt, rules), parseThisDevice: () => module.parseThisDevice(rt) };
}
