/**
 * Per-app messaging-app camera policy from flows/apps.json (spec §5): which messaging-app
 * versions have their in-app camera downgraded, and which apps may not switch cameras.
 */
import type { AppsFile } from "../../schemas/apps";
import { matchesAnyVersionSpec } from "./versionRange";

export type WxCameraPolicy = Pick<AppsFile, "wxCameraDowngrade" | "unchangeableCameraAppIds">;

/** The key of `wxCameraDowngrade` whose versions apply to every app. */
const EVERY_APP = "*";

/**
 * Whether the messaging-app camera is downgraded for this app and messaging-app version:
 * the versions listed under "*" apply to every app, the ones under the app id to that app.
 * An unknown version only matches "*".
 *
 * @example isWxCameraDowngraded("TIDA0020", "8.0.3.2200", policy) // true with ["8.0.1-8.0.5"]
 */
export function isWxCameraDowngraded(appId: string, wxVersion: string | null, policy: WxCameraPolicy): boolean {
  const everyApp = policy.wxCameraDowngrade[EVERY_APP] ?? [];
  const own = policy.wxCameraDowngrade[appId] ?? [];
  return matchesAnyVersionSpec(wxVersion, everyApp) || matchesAnyVersionSpec(wxVersion, own);
}

/** Whether the user may switch between front and back camera in this app. */
export function canChangeCamera(appId: string, policy: WxCameraPolicy): boolean {
  return !policy.unchangeableCameraAppIds.includes(appId);
}
