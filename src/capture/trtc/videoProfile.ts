/**
 * The real-time video profile (spec §3 session state `videoProfile`, from the launch's
 * `rtc_resolution`): the resolution the TRTC SDK encodes the published camera track at
 * (trtc-sdk-v5 `startLocalVideo({ option: { profile } })`).
 *
 * The spec names the parameter but not its values; faceflow takes the SDK's own profile names
 * that suit a face check ("360p", "480p", "720p", "1080p"). Absent or any other value: "480p",
 * the size the page asks the camera for (permission.ts idealConstraints, 640x480).
 */
import type { LaunchParams } from "../../../schemas/launch";

export const VIDEO_PROFILES = ["360p", "480p", "720p", "1080p"] as const;
export type VideoProfile = (typeof VIDEO_PROFILES)[number];
export const DEFAULT_VIDEO_PROFILE: VideoProfile = "480p";

/** @example videoProfileOf({ rtc_resolution: "720p" }) === "720p" */
export function videoProfileOf(launch: Pick<LaunchParams, "rtc_resolution">): VideoProfile {
  const asked = launch.rtc_resolution?.trim().toLowerCase();
  return VIDEO_PROFILES.find((profile) => profile === asked) ?? DEFAULT_VIDEO_PROFILE;
}
