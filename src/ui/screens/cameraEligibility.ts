/**
 * Camera-input eligibility of spec §5 for this page's browser, with its cached uaDetect
 * record in the launch's storage. Loaded with import() by the screens that need it, so the
 * user-agent parser and the device rules stay out of the first screen.
 */
import devicesJson from "../../../flows/devices.json";
import type { ParsedDevice } from "../../../schemas/device";
import type { DevicesFile } from "../../../schemas/devices";
import { createCameraEligibility, type CameraEligibility } from "../../device/eligibility";
import { parseDevice } from "../../device/parseDevice";
import type { FlowRuntime } from "../../runtime/runtime";

/** devices.json was validated by build.mjs before it was embedded. */
const rules = devicesJson as DevicesFile;

export function checkCameraEligibility(rt: FlowRuntime): CameraEligibility {
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
