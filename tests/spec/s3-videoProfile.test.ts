/**
 * Spec §3 "Session state: … videoProfile": the real-time video profile comes from the launch's
 * rtc_resolution, is held in the session once real-time video is chosen, and is the profile
 * the published camera track is encoded at.
 */
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { INITIAL_SESSION_STATE } from "../../schemas/session";
import { joinRoom } from "../../src/capture/trtc/trtcRoom";
import type { TrtcModule } from "../../src/capture/trtc/trtcModule";
import { recordRealtimeChoice } from "../../src/flow/attempt/realtimeRecords";

const camera = { cameraApi: true, cameraEligible: true };

describe("spec §3: the session holds the real-time video profile from rtc_resolution", () => {
  it("choosing real-time video sets videoProfile to the launch's rtc_resolution, 480p when absent", () => {
    const chosen = (launch: Record<string, string>) => produce(INITIAL_SESSION_STATE, (draft) => recordRealtimeChoice(draft, "trtc", { rtc_mode_switch: "1", ...launch }, camera)).videoProfile;
    expect(chosen({ rtc_resolution: "720p" })).toBe("720p");
    expect(chosen({})).toBe("480p");
    // Another kind leaves it unset.
    expect(produce(INITIAL_SESSION_STATE, (draft) => recordRealtimeChoice(draft, "recorder", { rtc_resolution: "720p" }, camera)).videoProfile).toBe("");
  });

  it("the published camera track is encoded at that profile", async () => {
    const started: unknown[] = [];
    const client = {
      enterRoom: async () => undefined,
      startLocalVideo: async (config: unknown) => void started.push(config),
      startLocalAudio: async () => undefined,
      exitRoom: async () => undefined,
      destroy: () => undefined,
      on: () => undefined,
    };
    const sdk = { create: () => client, isSupported: async () => ({ result: true }), EVENT: { ERROR: "e", KICKED_OUT: "k" } } as unknown as TrtcModule;
    const videoTrack = {} as MediaStreamTrack;
    const room = { sdkAppId: 1400000000, userId: "u", userSig: "s", roomId: "r" } as never;
    await joinRoom({ sdk, room, videoTrack, audioTrack: null, profile: "720p", onFatal: () => undefined });
    expect(started).toEqual([{ view: null, publish: true, option: { videoTrack, profile: "720p" } }]);
  });
});
