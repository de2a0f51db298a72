import { produce } from "immer";
import { describe, expect, it } from "vitest";
import captureJson from "../../flows/capture.json";
import {
  deviceModeOf,
  markRealtimeUnsupported,
  recordDowngrade,
  recordFrontError,
  recordH5conf,
  setDeviceMode,
} from "../../src/capture/downgrade";
import { CAPTURE_KINDS } from "../../src/capture/contract";
import { createSessionState } from "../../src/session/sessionState";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";
import {
  DEVICE_MODES,
  DOWNGRADE_REASONS,
  H5CONF_CODES,
  INITIAL_SESSION_STATE,
  storedValueSchemas,
  type SessionState,
} from "../../schemas/session";

const threshold = captureJson.frontErrorThreshold;

describe("recordFrontError", () => {
  it("counts TRTC front errors and gives TRTC up at the threshold (spec §4: 2)", () => {
    expect(threshold).toBe(2);
    const once = produce(INITIAL_SESSION_STATE, (d) => recordFrontError(d, "trtc", threshold));
    expect(once).toMatchObject({ trtcFrontErrorTimes: 1, supportTrtc: true, wsFrontErrorTimes: 0, supportWs: true });
    expect(once.deviceInfo.h5downgrade).toEqual([]);

    const twice = produce(once, (d) => recordFrontError(d, "trtc", threshold));
    expect(twice).toMatchObject({ trtcFrontErrorTimes: 2, supportTrtc: false, supportWs: true });
    expect(twice.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.trtcFrontError]);
    expect(DOWNGRADE_REASONS.trtcFrontError).toBe(2);
  });

  it("counts websocket front errors separately and records websocketFrontError (6)", () => {
    let state: SessionState = INITIAL_SESSION_STATE;
    state = produce(state, (d) => recordFrontError(d, "ws", threshold));
    expect(state).toMatchObject({ wsFrontErrorTimes: 1, supportWs: true, trtcFrontErrorTimes: 0 });
    state = produce(state, (d) => recordFrontError(d, "ws", threshold));
    expect(state).toMatchObject({ wsFrontErrorTimes: 2, supportWs: false, supportTrtc: true });
    expect(state.deviceInfo.h5downgrade).toEqual([6]);
  });

  it("keeps counting past the threshold but records the reason once", () => {
    let state: SessionState = INITIAL_SESSION_STATE;
    for (let i = 0; i < 4; i++) state = produce(state, (d) => recordFrontError(d, "trtc", threshold));
    expect(state.trtcFrontErrorTimes).toBe(4);
    expect(state.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.trtcFrontError]);
  });

  it("honours another threshold from capture.json", () => {
    const state = produce(INITIAL_SESSION_STATE, (d) => recordFrontError(d, "ws", 1));
    expect(state.supportWs).toBe(false);
    let three: SessionState = INITIAL_SESSION_STATE;
    for (let i = 0; i < 2; i++) three = produce(three, (d) => recordFrontError(d, "trtc", 3));
    expect(three.supportTrtc).toBe(true);
    three = produce(three, (d) => recordFrontError(d, "trtc", 3));
    expect(three.supportTrtc).toBe(false);
  });

  it("persists through the session store and survives a reload of the state", () => {
    const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "launch-1" });
    const session = createSessionState(storage);
    session.update((d) => recordFrontError(d, "trtc", threshold));
    session.update((d) => recordFrontError(d, "trtc", threshold));
    const reloaded = createSessionState(storage).get();
    expect(reloaded.supportTrtc).toBe(false);
    expect(reloaded.deviceInfo.h5downgrade).toEqual([2]);
    expect(storedValueSchemas.sessionState.safeParse(reloaded).success).toBe(true);
  });
});

describe("markRealtimeUnsupported", () => {
  it("marks both real-time modes unsupported and records the reason", () => {
    const state = produce(INITIAL_SESSION_STATE, (d) => markRealtimeUnsupported(d, DOWNGRADE_REASONS.webcamOtherError));
    expect(state).toMatchObject({ supportTrtc: false, supportWs: false });
    expect(state.deviceInfo.h5downgrade).toEqual([12]);
    // Counters are not touched: this is not a front error.
    expect([state.trtcFrontErrorTimes, state.wsFrontErrorTimes]).toEqual([0, 0]);
  });
});

describe("recordDowngrade", () => {
  it("records every reason of spec §3 with its code, in order, without duplicates", () => {
    const expected: Record<keyof typeof DOWNGRADE_REASONS, number> = {
      trtcSdkCheckNoSupport: 1,
      trtcFrontError: 2,
      wxTrtcFrontCoreDegrade: 3,
      h5TrtcFrontCoreDegrade: 4,
      websocketCheckNoSupport: 5,
      websocketFrontError: 6,
      websocketBlacklist: 8,
      webcamNoPermissionQuickly: 9,
      webcamNoPermissionNormally: 10,
      webcamNoPermissionTimeout: 11,
      webcamOtherError: 12,
    };
    expect(DOWNGRADE_REASONS).toEqual(expected);
    const reasons = Object.values(DOWNGRADE_REASONS);
    let state: SessionState = INITIAL_SESSION_STATE;
    for (const reason of [...reasons, ...reasons]) state = produce(state, (d) => recordDowngrade(d, reason));
    expect(state.deviceInfo.h5downgrade).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12]);
  });

  it("changes nothing (same object) when the reason is already recorded", () => {
    const once = produce(INITIAL_SESSION_STATE, (d) => recordDowngrade(d, 9));
    expect(produce(once, (d) => recordDowngrade(d, 9))).toBe(once);
  });
});

describe("recordH5conf", () => {
  it("keeps the history in order but not the same code twice in a row", () => {
    let state: SessionState = INITIAL_SESSION_STATE;
    const codes = [
      H5CONF_CODES.firstModeTrtc,
      H5CONF_CODES.trtcOpen,
      H5CONF_CODES.trtcOpen,
      H5CONF_CODES.trtcClose,
      H5CONF_CODES.websocketOpen,
      H5CONF_CODES.trtcOpen,
    ];
    for (const code of codes) state = produce(state, (d) => recordH5conf(d, code));
    expect(state.deviceInfo.h5conf).toEqual([-5, 1, -1, 2, 1]);
  });
});

describe("setDeviceMode and deviceModeOf", () => {
  it("sets the device mode in use", () => {
    const state = produce(INITIAL_SESSION_STATE, (d) => setDeviceMode(d, DEVICE_MODES.websocket));
    expect(state.deviceInfo.trtc).toBe(2);
    expect(produce(state, (d) => setDeviceMode(d, DEVICE_MODES.video)).deviceInfo.trtc).toBe(3);
  });

  it("maps every capture kind to its device mode", () => {
    // Every kind has one of the device modes; the shipped ones keep theirs.
    for (const kind of CAPTURE_KINDS) expect(Object.values(DEVICE_MODES), kind).toContain(deviceModeOf(kind));
    expect(Object.fromEntries(CAPTURE_KINDS.map((kind) => [kind, deviceModeOf(kind)]))).toMatchObject({
      recorder: 3,
      fileInput: 3,
      wxVideo: 3,
      websocket: 2,
      trtc: 1,
    });
  });
});
