/**
 * Capture kinds as registered descriptors: the shipped registry walks capture.json's mode
 * table in the order today's choice used, each descriptor's traits and routes are those the
 * pages use, and the recipe for a new kind (one descriptor plus one registration line, named
 * in the mode table) works, with every wrong name refused listing the known ones.
 */
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import type { LaunchParams } from "../../schemas/launch";
import { DEVICE_MODES, DOWNGRADE_REASONS, INITIAL_SESSION_STATE, type SessionState } from "../../schemas/session";
import { CAPTURE_KINDS, type CaptureOutcome } from "../../src/capture/contract";
import { deviceModeOf } from "../../src/capture/downgrade";
import { routeOfKind, type CaptureFacts, type CaptureKindDescriptor } from "../../src/capture/kinds/descriptor";
import type { CaptureModes } from "../../src/capture/kinds/modeTable";
import { createCaptureKindRegistry } from "../../src/capture/kinds/registry";
import { shippedCaptureKinds } from "../../src/capture/kinds/shipped";
import { selectCaptureKind } from "../../src/capture/modeChoice";
import { UnknownNameError } from "../../src/engine/registry";
import { recordRealtimeFailure } from "../../src/flow/attempt/realtimeRecords";
import { choiceInput, shippedKindRegistry, shippedModes } from "./shippedKinds";

const both: LaunchParams = { rtc_mode_switch: "1", ws_mode_switch: "1" };
const input = choiceInput;
/** The shipped kinds' names in registration order (src/capture/kinds/shipped.ts), as an unknown-kind error lists them. */
const shippedNames = shippedCaptureKinds().map((d) => d.kind);
/** `names` keeping only `members`, in `names`' order: the members a test is about, whatever a new kind adds. */
const only = (names: readonly string[], members: readonly string[]) => names.filter((n) => members.includes(n));

describe("the shipped capture kinds", () => {
  const registry = shippedKindRegistry();

  it("are tried in capture.json's mode order, the modes' kinds in turn", () => {
    for (const order of ["default", "prioriWs"] as const) {
      const walked = shippedModes.modeOrder[order].flatMap((mode) => shippedModes.modeKinds[mode] ?? []);
      expect(registry.inOrder(order).map((d) => d.kind)).toEqual(walked);
    }
    // The shipped kinds keep today's places, whatever a new kind adds between them.
    const shipped = ["trtc", "websocket", "wxVideo", "recorder", "fileInput"];
    expect(only(registry.inOrder("default").map((d) => d.kind), shipped)).toEqual(shipped);
    expect(only(registry.inOrder("prioriWs").map((d) => d.kind), shipped)).toEqual(["websocket", "trtc", "wxVideo", "recorder", "fileInput"]);
  });

  it("has a descriptor for every kind the pages know, and refuses an unknown one listing them", () => {
    expect(registry.names().sort()).toEqual([...CAPTURE_KINDS].sort());
    expect(() => registry.get("nativeBridge")).toThrow(UnknownNameError);
    expect(() => registry.descriptor("nativeBridge")).toThrow(`Unknown capture kind "nativeBridge". Known capture kinds: ${shippedNames.join(", ")}`);
  });

  it("loads a kind's handler through its descriptor", async () => {
    const loaded = shippedKindRegistry((kind) => async () => () => ({ kind, start: async () => ({ kind: "cancelled" }), stop: () => undefined, dispose: () => undefined }));
    const factory = await loaded.get("wxVideo")();
    expect(factory({} as never).kind).toBe("wxVideo");
  });

  it("route each kind to its page by what the launch asks: will mode to its downgrade pages unless real-time video", () => {
    const routes = (launch: LaunchParams) => Object.fromEntries(shippedCaptureKinds().map((d) => [d.kind, routeOfKind(d, launch)]));
    const plain = { recorder: "/vertify", fileInput: "/vertify", wxVideo: "/vertify", websocket: "/action/ws/record", trtc: "/action/trtc/record" };
    const action = { ...plain, recorder: "/action/vertify", fileInput: "/action/vertify", wxVideo: "/action/vertify" };
    const will = { recorder: "/willDegrade/transition", fileInput: "/willDegrade/transition", wxVideo: "/willDegrade/transition", websocket: "/willDegrade/transition", trtc: "/action/trtc/willRecord" };
    expect(routes({})).toMatchObject(plain);
    expect(routes({ live_type: "2" })).toMatchObject(action);
    expect(routes({ live_type: "3" })).toEqual(routes({ live_type: "2" }));
    // Landscape theme 02 has no action or silent mode: it reads digits, on every kind.
    expect(routes({ theme: "02", live_type: "2" })).toEqual(routes({}));
    expect(routes({ live_service: "2" })).toMatchObject(will);
    expect(routes({ live_service: "2", live_type: "2" })).toEqual(routes({ live_service: "2" }));
  });

  it("report the device mode of spec §3: streaming kinds their own, every recording kind video", () => {
    const modes = Object.fromEntries(shippedCaptureKinds().map((d) => [d.kind, d.traits.deviceMode]));
    expect(modes).toMatchObject({ trtc: DEVICE_MODES.trtc, websocket: DEVICE_MODES.websocket, recorder: DEVICE_MODES.video, fileInput: DEVICE_MODES.video, wxVideo: DEVICE_MODES.video });
    for (const d of shippedCaptureKinds()) expect(deviceModeOf(d.kind)).toBe(d.traits.deviceMode);
    // A kind records a video exactly when it runs on the plain recording pages.
    for (const d of shippedCaptureKinds()) expect([d.kind, d.traits.recordsVideo]).toEqual([d.kind, d.traits.page === "recording"]);
  });

  it("a kind that uses the page camera is never available without it; the file input always is", () => {
    const launches: LaunchParams[] = [{}, both, { ...both, live_inter_type: "1" }, { ...both, live_service: "2" }];
    const platforms = ["ios", "android", "other"] as const;
    for (const d of shippedCaptureKinds()) {
      for (const launch of launches) {
        for (const platform of platforms) {
          for (const wxCameraUsable of [true, false]) {
            const facts: CaptureFacts = { launch, state: INITIAL_SESSION_STATE, pageCamera: false, wxCameraUsable, platform };
            if (d.traits.usesPageCamera) expect([d.kind, d.isAvailable(facts)]).toEqual([d.kind, false]);
            if (d.kind === "fileInput") expect(d.isAvailable(facts) && d.isAvailable({ ...facts, pageCamera: true })).toBe(true);
          }
        }
      }
    }
  });

  it("take the same downgrade steps: real-time video, then the websocket, then recording, then the file input", () => {
    type Failed = Extract<CaptureOutcome, { kind: "failed" }>;
    const frontError: Failed = { kind: "failed", status: "seniorException", frontError: true };
    const fail = (state: SessionState, mode: "trtc" | "ws", outcome: Failed) => produce(state, (d) => recordRealtimeFailure(d, mode, outcome, 2));
    const choose = (state: SessionState) => selectCaptureKind(input({ launch: both, state }), registry);
    let state = INITIAL_SESSION_STATE;
    expect(choose(state)).toBe("trtc");
    state = fail(fail(state, "trtc", frontError), "trtc", frontError);
    expect(choose(state)).toBe("websocket");
    state = fail(state, "ws", { kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.websocketCheckNoSupport });
    expect(choose(state)).toBe("recorder");
    // A camera that never answered: the page camera is avoided from then on (spec §4 retry rule).
    state = fail(state, "ws", { kind: "failed", status: "seniorException", downgrade: DOWNGRADE_REASONS.webcamNoPermissionTimeout });
    expect(choose(state)).toBe("fileInput");
  });

  it("the recording pages try only the kinds that run there, whatever the launch enables", () => {
    expect(selectCaptureKind(input({ launch: both }), registry)).toBe("trtc");
    expect(selectCaptureKind(input({ launch: both }), registry, "recording")).toBe("recorder");
    expect(selectCaptureKind(input({ launch: both, cameraApi: false }), registry, "recording")).toBe("fileInput");
    expect(selectCaptureKind(input({ launch: both, platform: "android", wxCameraUsable: true }), registry, "recording")).toBe("wxVideo");
  });
});

describe("adding a capture kind (the recipe: one descriptor, one registration line, its name in the mode table)", () => {
  // The one new file: a native-app bridge that hands the recording to the partner's app.
  // Here it is available when the partner's app launched the flow on a phone.
  const nativeBridgeKind: CaptureKindDescriptor<"nativeBridge"> = {
    kind: "nativeBridge",
    // The handler contract types `kind` by the pages' union (CAPTURE_KINDS), which a shipped kind joins.
    load: async () => () => ({ kind: "nativeBridge" as never, start: async () => ({ kind: "cancelled" }), stop: () => undefined, dispose: () => undefined }),
    isAvailable: ({ launch, platform }) => launch.from === "nativeApp" && platform !== "other",
    traits: { recordsVideo: true, usesPageCamera: false, choosesFacing: false, deviceMode: DEVICE_MODES.video, page: "recording" },
    routes: { plain: "/vertify", action: "/action/vertify", will: "/willDegrade/transition" },
  };
  // Its place in capture.json: a mode of its own, tried before the plain video.
  const beforeVideo = (order: readonly string[]) => order.flatMap((mode) => (mode === "video" ? ["native", mode] : [mode]));
  const modes: CaptureModes = {
    modeOrder: { default: beforeVideo(shippedModes.modeOrder.default), prioriWs: beforeVideo(shippedModes.modeOrder.prioriWs) },
    modeKinds: { ...shippedModes.modeKinds, native: ["nativeBridge"] },
  };
  // The one registration line.
  const registry = createCaptureKindRegistry([...shippedCaptureKinds(), nativeBridgeKind], modes);
  const fromApp: LaunchParams = { from: "nativeApp" };

  it("is chosen where the mode order puts it when it is available", () => {
    expect(selectCaptureKind(input({ launch: fromApp, platform: "ios" }), registry)).toBe("nativeBridge");
    expect(selectCaptureKind(input({ launch: fromApp, platform: "android", wxCameraUsable: true }), registry, "recording")).toBe("nativeBridge");
    // Real-time modes come first in this order.
    expect(selectCaptureKind(input({ launch: { ...fromApp, ...both }, platform: "ios" }), registry)).toBe("trtc");
  });

  it("is skipped when it is not available, and the shipped order goes on", () => {
    expect(selectCaptureKind(input({ launch: fromApp, platform: "other" }), registry)).toBe("recorder");
    expect(selectCaptureKind(input({ platform: "ios" }), registry)).toBe("recorder");
    expect(selectCaptureKind(input({ platform: "android", wxCameraUsable: true, cameraApi: false }), registry)).toBe("wxVideo");
  });

  it("refuses a mode order naming an unknown mode, listing the known ones", () => {
    const wrong: CaptureModes = { ...modes, modeOrder: { ...modes.modeOrder, default: ["__not_a_mode__", ...modes.modeOrder.default] } };
    expect(Object.keys(modes.modeKinds)).toEqual(expect.arrayContaining(["trtc", "ws", "video", "native"]));
    expect(() => createCaptureKindRegistry([...shippedCaptureKinds(), nativeBridgeKind], wrong)).toThrow(
      `modeOrder.default: Unknown mode "__not_a_mode__". Known modes: ${Object.keys(modes.modeKinds).join(", ")}`,
    );
  });

  it("refuses a mode naming an unregistered kind, listing the registered ones", () => {
    expect(() => createCaptureKindRegistry(shippedCaptureKinds(), modes)).toThrow(
      `modeKinds.native: Unknown capture kind "nativeBridge". Known capture kinds: ${shippedNames.join(", ")}`,
    );
  });

  it("refuses a registered kind that no mode order reaches, and a kind registered twice", () => {
    expect(() => createCaptureKindRegistry([...shippedCaptureKinds(), nativeBridgeKind], shippedModes)).toThrow(
      'modeOrder.default: capture kind "nativeBridge" is registered but no mode of this order lists it',
    );
    expect(() => createCaptureKindRegistry([...shippedCaptureKinds(), nativeBridgeKind, nativeBridgeKind], modes)).toThrow('capture kind "nativeBridge" is registered twice');
  });
});
