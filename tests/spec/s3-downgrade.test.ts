/**
 * Spec §3 "Codes": the downgrade reasons 1–12 (7 unassigned), each recorded in the session's
 * device info (h5downgrade, sent in the device-info string) where it happens, and none used
 * for something it does not name.
 */
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import captureJson from "../../flows/capture.json";
import type { CaptureFile } from "../../schemas/capture";
import type { LaunchParams } from "../../schemas/launch";
import { DOWNGRADE_REASONS, INITIAL_SESSION_STATE, type SessionState } from "../../schemas/session";
import type { CaptureOutcome, CaptureRequest } from "../../src/capture/contract";
import { openCamera } from "../../src/capture/permission";
import { createTrtcHandlerWith, type TrtcHandlerEnv } from "../../src/capture/trtc/trtcHandler";
import { createWebsocketHandlerWith } from "../../src/capture/websocketHandler";
import type { CameraFacts } from "../../src/flow/attempt/ports";
import { recordRealtimeChoice, recordRealtimeFailure, stepAfterFailure } from "../../src/flow/attempt/realtimeRecords";
import { shippedCapture } from "../capture/shippedKinds";
import { captureDeps, fakeApi, manualClock, orderConfig } from "../capture/websocketHandlerFakes";

type Failed = Extract<CaptureOutcome, { kind: "failed" }>;
const THRESHOLD = 2;
const request: CaptureRequest = { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 5000 }, audio: false, facing: "user", promptLeadMs: 0 };
const unused = () => {
  throw new Error("not reached");
};

function afterFailures(mode: "trtc" | "ws", ...failures: Failed[]): SessionState {
  return failures.reduce((state, failure) => produce(state, (draft) => recordRealtimeFailure(draft, mode, failure, THRESHOLD)), INITIAL_SESSION_STATE);
}

function afterChoice(launch: LaunchParams, facts: CameraFacts): SessionState {
  return produce(INITIAL_SESSION_STATE, (draft) => recordRealtimeChoice(draft, "recorder", launch, facts));
}

async function cameraReason(answer: "deniedAtOnce" | "deniedLater" | "never" | "noCamera") {
  const clock = manualClock();
  const opened = openCamera({
    mediaDevices: {
      getUserMedia: () =>
        new Promise((_, reject) => {
          if (answer === "deniedAtOnce") reject(Object.assign(new Error("denied"), { name: "NotAllowedError" }));
          if (answer === "deniedLater") clock.setTimeout(() => reject(Object.assign(new Error("denied"), { name: "NotAllowedError" })), 3000);
          if (answer === "noCamera") reject(Object.assign(new Error("none"), { name: "NotFoundError" }));
        }),
    },
    audio: false,
    facing: "user",
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    timeoutMs: 20_000,
    quickDenialMs: 500,
    failures: (captureJson as CaptureFile).camera.failures,
    platform: "android",
  });
  await clock.advance(20_000);
  const result = await opened;
  return result.ok ? null : result.reason;
}

describe("spec §3: downgrade reasons are recorded where they happen", () => {
  it("1 trtcSdkCheckNoSupport: the real-time SDK's check says no; real-time video is given up at once", async () => {
    const clock = manualClock();
    const api = fakeApi({ config: async () => orderConfig({ trtc: null }) });
    const env = { loadSdk: unused, openCamera: unused, waitForFirstFrame: unused, Recorder: undefined, speak: unused, timers: clock, countdownSeconds: 3, firstFrameTimeoutMs: 15_000, enterRoomTimeoutMs: 15_000 } as unknown as TrtcHandlerEnv;
    const outcome = await createTrtcHandlerWith(captureDeps(clock, api), env).start(request, () => undefined);
    expect(outcome).toMatchObject({ kind: "failed", downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport });
    const state = afterFailures("trtc", outcome as Failed);
    expect(state.supportTrtc).toBe(false);
    expect(state.deviceInfo.h5downgrade).toEqual([1]);
  });

  it("2 trtcFrontError and 6 websocketFrontError: at the second front error of a mode", () => {
    const frontError: Failed = { kind: "failed", status: "trtc_serviceError", frontError: true };
    expect(afterFailures("trtc", frontError).deviceInfo.h5downgrade).toEqual([]);
    expect(afterFailures("trtc", frontError, frontError).deviceInfo.h5downgrade).toEqual([2]);
    expect(afterFailures("ws", frontError, frontError).deviceInfo.h5downgrade).toEqual([6]);
  });

  it("3 wxTrtcFrontCoreDegrade and 4 h5TrtcFrontCoreDegrade: real-time video given up for a browser on the camera-input list, in the messaging app or not", () => {
    const launch: LaunchParams = { rtc_mode_switch: "1" };
    const inApp = afterChoice(launch, { cameraApi: true, cameraEligible: false, inMessagingApp: true });
    expect([inApp.supportTrtc, inApp.supportWs]).toEqual([false, false]);
    expect(inApp.deviceInfo.h5downgrade).toEqual([3]);
    expect(afterChoice(launch, { cameraApi: true, cameraEligible: false, inMessagingApp: false }).deviceInfo.h5downgrade).toEqual([4]);
  });

  it("5 websocketCheckNoSupport: a browser that cannot stream gives the websocket mode up at once, without asking for the camera", async () => {
    const clock = manualClock();
    let cameraAsked = false;
    const handler = createWebsocketHandlerWith(captureDeps(clock), {
      openCamera: async () => ((cameraAsked = true), { ok: false, reason: 12, status: "trtc_cameraError", error: "" }),
      frames: unused,
      openSocket: unused,
      pageHostname: "127.0.0.1",
      streamingSupported: false,
      timers: clock,
      settings: shippedCapture.streamClient,
      firstFrameTimeoutMs: 15_000,
      countdownSeconds: 3,
    });
    const outcome = (await handler.start(request, () => undefined)) as Failed;
    expect(outcome).toMatchObject({ kind: "failed", downgrade: DOWNGRADE_REASONS.websocketCheckNoSupport });
    expect(cameraAsked).toBe(false);
    const state = afterFailures("ws", outcome);
    expect(state.supportWs).toBe(false);
    expect(state.deviceInfo.h5downgrade).toEqual([5]);
    // The mode is given up, so the page moves on instead of showing an error.
    expect(stepAfterFailure("ws", outcome, state)).toEqual({ kind: "downgrade" });
  });

  it("8 websocketBlacklist is not used for an ineligible browser: a websocket-only launch records no reason for it", () => {
    const state = afterChoice({ ws_mode_switch: "1" }, { cameraApi: true, cameraEligible: false });
    expect([state.supportTrtc, state.supportWs]).toEqual([false, false]);
    expect(state.deviceInfo.h5downgrade).not.toContain(DOWNGRADE_REASONS.websocketBlacklist);
    expect(afterChoice({ ws_mode_switch: "1", rtc_mode_switch: "1" }, { cameraApi: true, cameraEligible: false }).deviceInfo.h5downgrade).toEqual([4]);
  });

  it("9–12: the camera refused at once, refused after a while, never answering, or failing otherwise", async () => {
    expect(await cameraReason("deniedAtOnce")).toBe(9);
    expect(await cameraReason("deniedLater")).toBe(10);
    expect(await cameraReason("never")).toBe(11);
    expect(await cameraReason("noCamera")).toBe(12);
    expect(afterChoice({ rtc_mode_switch: "1" }, { cameraApi: false, cameraEligible: true }).deviceInfo.h5downgrade).toEqual([12]);
  });
});
