/**
 * Whether a desktop may continue on a phone (issue 32), the one rule the page (what it offers)
 * and the service (what it issues) both apply: the launch's `phone_handoff` if it names one,
 * else the app's setting in flows/devices.json `phoneHandoff.apps`, else its default.
 *
 * @example handoffPolicyOf({ default: "noCamera", apps: { TIDA0001: "on" } }, "TIDA0001", undefined) // "on"
 */
import type { DevicesFile } from "../../schemas/devices";
import type { HandoffPolicy } from "../../schemas/handoffPolicy";

export type HandoffPolicySettings = Pick<DevicesFile["phoneHandoff"], "default" | "apps">;

export function handoffPolicyOf(settings: HandoffPolicySettings, appId: string | undefined, fromLaunch: HandoffPolicy | undefined): HandoffPolicy {
  if (fromLaunch !== undefined) return fromLaunch;
  const ofApp = appId === undefined ? undefined : settings.apps[appId];
  return ofApp ?? settings.default;
}

/** Whether the phone is offered: always under "on", only after a failed camera check under "noCamera". */
export function offersHandoff(policy: HandoffPolicy, cameraFailed: boolean): boolean {
  return policy === "on" || (policy === "noCamera" && cameraFailed);
}
