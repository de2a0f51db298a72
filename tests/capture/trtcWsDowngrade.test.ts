/**
 * What the real-time pages record and where they lead (src/flow/attempt/realtimeRecords.ts,
 * attemptState.ts, and the exit's path in src/ui/screens/attemptExit.ts): the page of each
 * capture kind, the h5conf and downgrade codes of spec §3, the front-error threshold of
 * spec §4, and the stage a page shows for each handler event. Pure functions over immer
 * drafts, so no DOM.
 */
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { DEVICE_MODES, DOWNGRADE_REASONS, H5CONF_CODES, INITIAL_SESSION_STATE, type SessionState } from "../../schemas/session";
import type { CaptureKind, CaptureOutcome } from "../../src/capture/contract";
import type { LaunchParams } from "../../schemas/launch";
import { recordRealtimeChoice, recordRealtimeFailure, stepAfterFailure } from "../../src/flow/attempt/realtimeRecords";
import { attemptReducer, INITIAL_ATTEMPT_STATE, type AttemptAction, type AttemptState } from "../../src/flow/attempt/attemptState";
import { captureRequestOf } from "../../src/flow/attempt/captureRequest";
import { routeOfKind } from "../../src/capture/kinds/descriptor";
import { shippedCapture, shippedKindRegistry } from "./shippedKinds";

type Failed = Extract<CaptureOutcome, { kind: "failed" }>;
const camera = { cameraApi: true, cameraEligible: true };
const THRESHOLD = 2;
const registry = shippedKindRegistry();
/** Where a real-time page forwards for a kind: its descriptor's route (src/ui/screens/attemptExit.ts). */
const pathForKind = (kind: CaptureKind, launch: LaunchParams) => routeOfKind(registry.descriptor(kind), launch);

describe("the page of each capture kind", () => {
  it("keeps real-time video on its route, will variant included", () => {
    expect(pathForKind("trtc", {})).toBe("/action/trtc/record");
    expect(pathForKind("trtc", { live_service: "2" })).toBe("/action/trtc/willRecord");
  });

  it("sends will mode without real-time video to the will-downgrade pages", () => {
    expect(pathForKind("websocket", { live_service: "2" })).toBe("/willDegrade/transition");
    expect(pathForKind("recorder", { live_service: "2" })).toBe("/willDegrade/transition");
  });

  it("sends the websocket to its page and the rest to plain recording by live type", () => {
    expect(pathForKind("websocket", {})).toBe("/action/ws/record");
    expect(pathForKind("recorder", { live_type: "1" })).toBe("/vertify");
    expect(pathForKind("fileInput", { live_type: "2" })).toBe("/action/vertify");
    expect(pathForKind("wxVideo", { live_type: "3" })).toBe("/action/vertify");
  });
});

describe("codes of the choice (spec §3)", () => {
  const choose = (kind: Parameters<typeof recordRealtimeChoice>[1], launch: Parameters<typeof recordRealtimeChoice>[2], facts = camera, state = INITIAL_SESSION_STATE) =>
    produce(state, (draft) => recordRealtimeChoice(draft, kind, launch, facts));

  it("real-time video opened, with which mode went first when both were enabled", () => {
    const state = choose("trtc", { rtc_mode_switch: "1", ws_mode_switch: "1" });
    expect(state.deviceInfo).toEqual({ trtc: DEVICE_MODES.trtc, h5conf: [H5CONF_CODES.firstModeTrtc, H5CONF_CODES.trtcOpen], h5downgrade: [] });
    expect(choose("trtc", { rtc_mode_switch: "1", live_service: "2" }).deviceInfo.h5conf).toEqual([H5CONF_CODES.willTrtcOpen]);
  });

  it("the websocket opened and real-time video closed", () => {
    const state = choose("websocket", { ws_mode_switch: "1", rtc_mode_switch: "1", priori_mode_switch: "1" });
    expect(state.deviceInfo.h5conf).toEqual([H5CONF_CODES.firstModeWs, H5CONF_CODES.trtcClose, H5CONF_CODES.websocketOpen]);
    expect(state.deviceInfo.trtc).toBe(DEVICE_MODES.websocket);
  });

  it("plain video with both real-time modes closed", () => {
    const state = choose("recorder", {});
    expect(state.deviceInfo.h5conf).toEqual([H5CONF_CODES.trtcClose, H5CONF_CODES.websocketClose, H5CONF_CODES.videoOpen]);
    expect(state.deviceInfo.trtc).toBe(DEVICE_MODES.video);
    expect(state.supportTrtc && state.supportWs).toBe(true);
  });

  it("without the page's camera both real-time modes are given up, with why", () => {
    const noApi = choose("fileInput", { ws_mode_switch: "1" }, { cameraApi: false, cameraEligible: true });
    expect([noApi.supportTrtc, noApi.supportWs]).toEqual([false, false]);
    expect(noApi.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.webcamOtherError]);
    // An ineligible browser gives up real-time video for its core (spec §3 reason 4); the websocket has no reason of its own for it.
    const blocked = choose("fileInput", { ws_mode_switch: "1", rtc_mode_switch: "1" }, { cameraApi: true, cameraEligible: false });
    expect([blocked.supportTrtc, blocked.supportWs]).toEqual([false, false]);
    expect(blocked.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.h5TrtcFrontCoreDegrade]);
  });

  it("does not repeat the same code on a second arrival", () => {
    const once = choose("websocket", { ws_mode_switch: "1" });
    expect(choose("websocket", { ws_mode_switch: "1" }, camera, once).deviceInfo.h5conf).toEqual([H5CONF_CODES.trtcClose, H5CONF_CODES.websocketOpen]);
    const downgraded = choose("recorder", { ws_mode_switch: "1" }, camera, once);
    expect(downgraded.deviceInfo.h5conf).toEqual([H5CONF_CODES.trtcClose, H5CONF_CODES.websocketOpen, H5CONF_CODES.trtcClose, H5CONF_CODES.websocketClose, H5CONF_CODES.videoOpen]);
  });
});

describe("a failed attempt (spec §4)", () => {
  const fail = (state: SessionState, mode: "trtc" | "ws", outcome: Failed) => produce(state, (draft) => recordRealtimeFailure(draft, mode, outcome, THRESHOLD));
  const frontError: Failed = { kind: "failed", status: "seniorException", frontError: true };

  it("the first websocket front error shows its screen; the second gives the websocket up", () => {
    const first = fail(INITIAL_SESSION_STATE, "ws", frontError);
    expect(first.wsFrontErrorTimes).toBe(1);
    expect(stepAfterFailure("ws", frontError, first)).toEqual({ kind: "error", status: "seniorException" });
    const second = fail(first, "ws", frontError);
    expect(second.supportWs).toBe(false);
    expect(second.supportTrtc).toBe(true);
    expect(second.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.websocketFrontError]);
    expect(stepAfterFailure("ws", frontError, second)).toEqual({ kind: "downgrade" });
  });

  it("counts real-time video's front errors on its own counter", () => {
    const twice = fail(fail(INITIAL_SESSION_STATE, "trtc", { ...frontError, status: "trtc_serviceError" }), "trtc", { ...frontError, status: "trtc_exception" });
    expect([twice.trtcFrontErrorTimes, twice.wsFrontErrorTimes, twice.supportTrtc]).toEqual([2, 0, false]);
    expect(twice.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.trtcFrontError]);
  });

  it("an SDK check that says no gives real-time video up at once", () => {
    const outcome: Failed = { kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport };
    const after = fail(INITIAL_SESSION_STATE, "trtc", outcome);
    expect([after.supportTrtc, after.supportWs, after.trtcFrontErrorTimes]).toEqual([false, true, 0]);
    expect(after.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.trtcSdkCheckNoSupport]);
    expect(stepAfterFailure("trtc", outcome, after)).toEqual({ kind: "downgrade" });
  });

  it("a refused camera shows the no-permission screen and records why, without a front error", () => {
    const outcome: Failed = { kind: "failed", status: "trtc_androidNoWebcamPermission", downgrade: DOWNGRADE_REASONS.webcamNoPermissionQuickly };
    const after = fail(INITIAL_SESSION_STATE, "ws", outcome);
    expect([after.wsFrontErrorTimes, after.supportWs]).toEqual([0, true]);
    expect(after.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.webcamNoPermissionQuickly]);
    expect(stepAfterFailure("ws", outcome, after)).toEqual({ kind: "error", status: "trtc_androidNoWebcamPermission" });
  });

  it("a camera that never answered gives up both real-time modes (the retry rule)", () => {
    const outcome: Failed = { kind: "failed", status: "trtc_iosNoWebcamPermission", downgrade: DOWNGRADE_REASONS.webcamNoPermissionTimeout };
    const after = fail(INITIAL_SESSION_STATE, "trtc", outcome);
    expect([after.supportTrtc, after.supportWs]).toEqual([false, false]);
    expect(after.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.webcamNoPermissionTimeout]);
    expect(stepAfterFailure("trtc", outcome, after)).toEqual({ kind: "error", status: "trtc_iosNoWebcamPermission" });
  });

  it("a refusal that is not the mode's fault changes nothing but shows its screen", () => {
    const outcome: Failed = { kind: "failed", status: "401Exception" };
    const after = fail(INITIAL_SESSION_STATE, "ws", outcome);
    expect(after).toEqual(INITIAL_SESSION_STATE);
    expect(stepAfterFailure("ws", outcome, after)).toEqual({ kind: "error", status: "401Exception" });
  });
});

describe("what a real-time page shows", () => {
  const run = (actions: AttemptAction[], from: AttemptState = INITIAL_ATTEMPT_STATE) => actions.reduce(attemptReducer, from);
  const prepared = (digits: string | null): AttemptAction => ({
    type: "prepared",
    kind: "websocket",
    request: captureRequestOf({ liveMode: "number", will: false, audio: false, actions: [], digits, question: null, facing: "user", limits: shippedCapture, light: null }),
    guidance: false,
    cameraSwitch: false,
  });

  it("goes from preparing through the camera, 3-2-1 and capture to the verdict", () => {
    const stream = {} as MediaStream;
    const steps: AttemptAction[] = [
      prepared("1234"),
      { type: "started" },
      { type: "event", event: { type: "preview", stream } },
      { type: "event", event: { type: "cameraReady", atMs: 10 } },
      { type: "event", event: { type: "countdown", secondsLeft: 3 } },
      { type: "event", event: { type: "recording", elapsedMs: 100 } },
      { type: "event", event: { type: "prompt", actionIndex: 0 } },
      { type: "event", event: { type: "progress", fraction: 0.5 } },
    ];
    const names = steps.map((_, i) => run(steps.slice(0, i + 1)).phase.name);
    expect(names).toEqual(["ready", "opening", "preview", "preview", "countdown", "recording", "recording", "recording"]);
    expect(run(steps).phase).toEqual({ name: "recording", elapsedMs: 100, actionIndex: 0, fraction: 0.5 });
    expect(run(steps).request?.digits).toBe("1234");
    // Every frame sent: the service takes over, its step unknown until it says.
    const handedOver = run([...steps, { type: "event", event: { type: "progress", fraction: 0.99 } }]);
    expect(handedOver.phase).toEqual({ name: "verifying", step: null, progress: 0 });
    expect(run([{ type: "event", event: { type: "progress", fraction: 1 } }], handedOver).phase).toEqual({ name: "verifying", step: null, progress: 0 });
    expect(run([{ type: "verifying", step: "analysing", progress: 0.4 }], handedOver).phase).toEqual({ name: "verifying", step: "analysing", progress: 0.4 });
  });

  it("a reload while the service verifies goes from preparing straight to verifying", () => {
    expect(run([{ type: "verifying", step: null, progress: 0 }]).phase).toEqual({ name: "verifying", step: null, progress: 0 });
  });

  it("shows the record-timeout only while the camera is live, and a reset clears it", () => {
    expect(run([prepared(null), { type: "stalled" }]).stalled).toBe(false);
    const stalled = run([prepared(null), { type: "started" }, { type: "stalled" }]);
    expect(stalled.stalled).toBe(true);
    expect(run([{ type: "reset" }], stalled)).toMatchObject({ stalled: false, phase: { name: "ready" } });
  });

  it("ignores late events once the page is leaving or uploading", () => {
    const leaving = run([prepared(null), { type: "started" }, { type: "leaving" }]);
    expect(run([{ type: "event", event: { type: "countdown", secondsLeft: 2 } }], leaving).phase).toEqual({ name: "leaving" });
    const uploading = run([{ type: "uploading" }, { type: "uploadProgress", fraction: 0.3 }]);
    expect(uploading.phase).toEqual({ name: "uploading", fraction: 0.3 });
    expect(run([{ type: "event", event: { type: "progress", fraction: 0.99 } }], uploading).phase).toEqual({ name: "uploading", fraction: 0.3 });
  });
});
