// @vitest-environment jsdom
/**
 * The installed trtc-sdk-v5 has the members the adapter (src/capture/trtc/trtcModule.ts)
 * calls, checked twice: statically against the package's own typings (tsc runs over tests),
 * and at run time by loading the real module. jsdom has no WebRTC, so the few WebRTC classes
 * the bundle touches while loading are stubbed; creating a client needs real media APIs,
 * which is why the client's methods are checked on the class's prototype.
 */
import type TRTC from "trtc-sdk-v5";
import { beforeAll, describe, expect, it } from "vitest";
import { trtcModuleFrom, type TrtcEnterRoomParams, type TrtcLocalAudioConfig, type TrtcLocalVideoConfig } from "../../src/capture/trtc/trtcModule";

type SdkClient = ReturnType<(typeof TRTC)["create"]>;

// Compile-time: what the adapter passes is what the SDK's own types accept.
export type EnterRoomAccepted = TrtcEnterRoomParams extends Parameters<SdkClient["enterRoom"]>[0] ? true : never;
export type LocalVideoAccepted = TrtcLocalVideoConfig extends NonNullable<Parameters<SdkClient["startLocalVideo"]>[0]> ? true : never;
export type LocalAudioAccepted = TrtcLocalAudioConfig extends NonNullable<Parameters<SdkClient["startLocalAudio"]>[0]> ? true : never;
const accepted: [EnterRoomAccepted, LocalVideoAccepted, LocalAudioAccepted] = [true, true, true];

const CLIENT_METHODS = ["enterRoom", "startLocalVideo", "startLocalAudio", "exitRoom", "destroy", "on"] as const;

describe("the installed trtc-sdk-v5", () => {
  beforeAll(() => {
    const g = globalThis as Record<string, unknown>;
    for (const name of ["MediaStreamTrack", "MediaStream", "RTCPeerConnection", "RTCRtpSender", "RTCRtpReceiver", "RTCSessionDescription", "RTCIceCandidate", "AudioContext"]) {
      if (!(name in g)) g[name] = class {};
    }
  });

  it("matches the adapter's types", () => {
    expect(accepted).toEqual([true, true, true]);
  });

  it("loads with the default export the adapter expects", async () => {
    const namespace: unknown = await import("trtc-sdk-v5");
    const sdk = (namespace as { default: Record<string, unknown> & { prototype: Record<string, unknown> } }).default;
    expect(typeof sdk.create).toBe("function");
    expect(typeof sdk.isSupported).toBe("function");
    expect(sdk.EVENT).toMatchObject({ ERROR: "error", KICKED_OUT: "kicked-out" });
    for (const name of CLIENT_METHODS) expect(typeof sdk.prototype[name], name).toBe("function");
    const adapted = trtcModuleFrom(namespace);
    expect(adapted.EVENT).toEqual({ ERROR: "error", KICKED_OUT: "kicked-out" });
  });
});
