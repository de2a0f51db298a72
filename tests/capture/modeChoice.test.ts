import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { markRealtimeUnsupported, recordFrontError } from "../../src/capture/downgrade";
import { isVideoCaptureOn } from "../../src/capture/kinds/recorder";
import { pageCameraUsable, selectCaptureKind as selectWith, type CaptureChoiceInput } from "../../src/capture/modeChoice";
import type { LaunchParams } from "../../schemas/launch";
import { choiceInput, shippedKindRegistry } from "./shippedKinds";
import { DOWNGRADE_REASONS, INITIAL_SESSION_STATE, type SessionState } from "../../schemas/session";

const both: LaunchParams = { rtc_mode_switch: "1", ws_mode_switch: "1" };

const choice = choiceInput;

/** The choice over the shipped kinds and capture.json's shipped mode table, as the composition root registers them. */
const shipped = shippedKindRegistry();
const selectCaptureKind = (input: CaptureChoiceInput) => selectWith(input, shipped);

const withState = (recipe: (draft: import("immer").Draft<SessionState>) => void) => produce(INITIAL_SESSION_STATE, recipe);

describe("isVideoCaptureOn (spec §4)", () => {
  it("is on by default in every mode", () => {
    expect(isVideoCaptureOn({})).toBe(true);
    expect(isVideoCaptureOn({ live_service: "2" })).toBe(true);
    expect(isVideoCaptureOn({ live_type: "2" })).toBe(true);
  });
  it("in will mode is off only for live_inter_type 0", () => {
    expect(isVideoCaptureOn({ live_service: "2", live_inter_type: "0" })).toBe(false);
    expect(isVideoCaptureOn({ live_service: "2", live_inter_type: "1" })).toBe(true);
    expect(isVideoCaptureOn({ live_service: "2", live_inter_type: "2" })).toBe(true);
  });
  it("in other modes is off only for live_inter_type 1", () => {
    expect(isVideoCaptureOn({ live_inter_type: "1" })).toBe(false);
    expect(isVideoCaptureOn({ live_service: "1", live_inter_type: "1" })).toBe(false);
    expect(isVideoCaptureOn({ live_inter_type: "0" })).toBe(true);
    expect(isVideoCaptureOn({ live_inter_type: "2" })).toBe(true);
  });
});

describe("selectCaptureKind", () => {
  it("tries real-time video (TRTC) first when both real-time modes are enabled", () => {
    expect(selectCaptureKind(choice({ launch: both }))).toBe("trtc");
  });

  it("puts the websocket first when live_service is not 2 and priori_mode_switch is 1", () => {
    expect(selectCaptureKind(choice({ launch: { ...both, priori_mode_switch: "1" } }))).toBe("websocket");
    // Will mode keeps TRTC first whatever priori_mode_switch says.
    expect(selectCaptureKind(choice({ launch: { ...both, priori_mode_switch: "1", live_service: "2" } }))).toBe("trtc");
  });

  it("uses the only real-time mode the launch enables", () => {
    expect(selectCaptureKind(choice({ launch: { ws_mode_switch: "1" } }))).toBe("websocket");
    expect(selectCaptureKind(choice({ launch: { rtc_mode_switch: "1", ws_mode_switch: "0" } }))).toBe("trtc");
  });

  it("skips a real-time mode the session has given up after its front errors", () => {
    const trtcGone = withState((d) => {
      recordFrontError(d, "trtc", 2);
      recordFrontError(d, "trtc", 2);
    });
    expect(selectCaptureKind(choice({ launch: both, state: trtcGone }))).toBe("websocket");
    const bothGone = withState((d) => {
      d.supportTrtc = false;
      d.supportWs = false;
    });
    expect(selectCaptureKind(choice({ launch: both, state: bothGone }))).toBe("recorder");
  });

  it("falls back to plain recording when the camera is unsupported, even with real-time enabled", () => {
    expect(selectCaptureKind(choice({ launch: both, cameraApi: false }))).toBe("fileInput");
    expect(selectCaptureKind(choice({ launch: both, cameraEligible: false }))).toBe("fileInput");
  });

  it("uses the messaging-app camera on Android when it is usable and no real-time mode runs", () => {
    expect(selectCaptureKind(choice({ platform: "android", wxCameraUsable: true }))).toBe("wxVideo");
    // Real-time still comes first.
    expect(selectCaptureKind(choice({ launch: both, platform: "android", wxCameraUsable: true }))).toBe("trtc");
    // Without the page camera the messaging-app camera is still preferred to the file input.
    expect(selectCaptureKind(choice({ platform: "android", wxCameraUsable: true, cameraApi: false }))).toBe("wxVideo");
  });

  it("does not use the messaging-app camera off Android", () => {
    expect(selectCaptureKind(choice({ platform: "ios", wxCameraUsable: true }))).toBe("recorder");
    expect(selectCaptureKind(choice({ platform: "other", wxCameraUsable: true }))).toBe("recorder");
    expect(selectCaptureKind(choice({ platform: "android", wxCameraUsable: false }))).toBe("recorder");
  });

  it("records in the page when the camera API exists and the browser is eligible", () => {
    expect(selectCaptureKind(choice())).toBe("recorder");
  });

  it("uses the file input when the camera API is missing or the browser is not eligible", () => {
    expect(selectCaptureKind(choice({ cameraApi: false }))).toBe("fileInput");
    expect(selectCaptureKind(choice({ cameraEligible: false }))).toBe("fileInput");
  });

  it("uses the file input instead of the recorder when video capture is off", () => {
    expect(selectCaptureKind(choice({ launch: { live_inter_type: "1" } }))).toBe("fileInput");
    expect(selectCaptureKind(choice({ launch: { live_service: "2", live_inter_type: "0" } }))).toBe("fileInput");
    // Real-time modes have their own switches and are not affected.
    expect(selectCaptureKind(choice({ launch: { ...both, live_inter_type: "1" } }))).toBe("trtc");
  });

  it("after a permission that never answered, avoids the page camera altogether (spec §4 retry rule)", () => {
    const hung = withState((d) => markRealtimeUnsupported(d, DOWNGRADE_REASONS.webcamNoPermissionTimeout));
    expect(pageCameraUsable({ state: hung, cameraApi: true, cameraEligible: true })).toBe(false);
    expect(selectCaptureKind(choice({ launch: both, state: hung }))).toBe("fileInput");
    expect(selectCaptureKind(choice({ launch: both, state: hung, platform: "android", wxCameraUsable: true }))).toBe("wxVideo");
    // Other downgrade reasons leave the page camera usable.
    const refused = withState((d) => markRealtimeUnsupported(d, DOWNGRADE_REASONS.webcamNoPermissionNormally));
    expect(selectCaptureKind(choice({ launch: both, state: refused }))).toBe("recorder");
  });
});
