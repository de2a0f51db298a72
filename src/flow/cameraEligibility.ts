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
