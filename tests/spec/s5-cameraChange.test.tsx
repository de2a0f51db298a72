// @vitest-environment jsdom
/**
 * Spec §5: "Changing camera disallowed for app ids on an unchangeable list." The recording
 * page offers 切换摄像头 before the start for the in-page recorder and the file input; an app
 * on flows/apps.json `unchangeableCameraAppIds` (TIDA0030 in the shipped file) gets no button
 * and always the front camera. Asserted where a user or partner notices it: the button, and
 * the camera the browser is asked for (getUserMedia's facingMode, the file input's capture).
 */
import { act, cleanup, fireEvent } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import appsJson from "../../flows/apps.json";
import type { CaptureDeps, CaptureHandlerFactory, CaptureKind } from "../../src/capture/contract";
import { createFileInputHandler } from "../../src/capture/fileInputHandler";
import { createRecorderHandler } from "../../src/capture/recorderHandler";
import VerifyScreen from "../../src/ui/screens/VerifyScreen";
import { shippedKindRegistry } from "../capture/shippedKinds";
import { setupFlow, UA } from "../ui/screens/harness";
import { fakeApi, renderRecording } from "../ui/screens/recordingHarness";

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1";
const FIXED_APP = "TIDA0030";
const FREE_APP = "TIDA0001";
const SWITCH = "切换摄像头";

beforeEach(() => {
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {
    static isTypeSupported = () => true;
  };
  // The recorder waits for the first frame; none comes here, the constraints are asked before it.
  Object.assign(HTMLVideoElement.prototype, { requestVideoFrameCallback: () => 1, cancelVideoFrameCallback: () => undefined });
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => undefined;
});

afterEach(() => {
  cleanup();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

/** The shipped recorder and file input; the recording page never uses the other kinds. */
function realHandlers() {
  const shipped: Partial<Record<CaptureKind, CaptureHandlerFactory<CaptureDeps>>> = { recorder: createRecorderHandler, fileInput: createFileInputHandler };
  return shippedKindRegistry((kind) => async () => {
    const factory = shipped[kind];
    if (!factory) throw new Error(`the recording page never uses ${kind}`);
    return factory;
  });
}

/** The page /vertify for `query`, with a fake camera recording what getUserMedia was asked. */
function open(query: string, mediaDevices: Partial<MediaDevices> | null) {
  const flow = setupFlow({ url: `${LAUNCH}${query}#/vertify`, userAgent: UA.android, mediaDevices });
  flow.rt.captureHandlers = realHandlers();
  return renderRecording(flow, VerifyScreen, "vertify", fakeApi().api);
}

function fakeCamera() {
  const stream = { getTracks: () => [], getVideoTracks: () => [] } as unknown as MediaStream;
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => stream);
  return { getUserMedia, mediaDevices: { getUserMedia } as Partial<MediaDevices> };
}

const facingAsked = (getUserMedia: ReturnType<typeof fakeCamera>["getUserMedia"]) =>
  getUserMedia.mock.calls.map(([constraints]) => (constraints.video as MediaTrackConstraints).facingMode);

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
};

describe("spec §5: camera change is disallowed for app ids on the unchangeable list", () => {
  it("the shipped apps.json lists TIDA0030 as unchangeable and not the default app", () => {
    expect(appsJson.unchangeableCameraAppIds).toContain(FIXED_APP);
    expect(appsJson.unchangeableCameraAppIds).not.toContain(FREE_APP);
  });

  it("an allowed app gets 切换摄像头, and after a switch the recorder asks for the back camera", async () => {
    const cam = fakeCamera();
    const view = open(`&wb_app_id=${FREE_APP}`, cam.mediaDevices);
    fireEvent.click(await view.findByRole("button", { name: SWITCH }));
    fireEvent.click(view.getByRole("button", { name: "开始录制" }));
    await settle();
    expect(facingAsked(cam.getUserMedia)).toEqual([{ ideal: "environment" }]);
    // Once the camera is open there is nothing to switch: that would mean opening it again.
    expect(view.queryByRole("button", { name: SWITCH })).toBeNull();
  });

  it("switching twice comes back to the front camera; without a wb_app_id the default app may switch", async () => {
    const cam = fakeCamera();
    const view = open("", cam.mediaDevices);
    fireEvent.click(await view.findByRole("button", { name: SWITCH }));
    fireEvent.click(view.getByRole("button", { name: SWITCH }));
    fireEvent.click(view.getByRole("button", { name: "开始录制" }));
    await settle();
    expect(facingAsked(cam.getUserMedia)).toEqual([{ ideal: "user" }]);
  });

  it("an app on the unchangeable list gets no 切换摄像头 and the recorder asks for the front camera", async () => {
    const cam = fakeCamera();
    const view = open(`&wb_app_id=${FIXED_APP}`, cam.mediaDevices);
    await view.findByRole("button", { name: "开始录制" });
    expect(view.queryByRole("button", { name: SWITCH })).toBeNull();
    fireEvent.click(view.getByRole("button", { name: "开始录制" }));
    await settle();
    expect(facingAsked(cam.getUserMedia)).toEqual([{ ideal: "user" }]);
  });

  it("the system camera (file input) follows the switch for an allowed app, and stays front for one on the list", async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => undefined);
    try {
      const free = open(`&wb_app_id=${FREE_APP}`, null);
      fireEvent.click(await free.findByRole("button", { name: SWITCH }));
      fireEvent.click(free.getByRole("button", { name: "拍摄视频" }));
      cleanup();
      const fixed = open(`&wb_app_id=${FIXED_APP}`, null);
      await fixed.findByRole("button", { name: "拍摄视频" });
      expect(fixed.queryByRole("button", { name: SWITCH })).toBeNull();
      fireEvent.click(fixed.getByRole("button", { name: "拍摄视频" }));
      const captures = click.mock.contexts.map((input) => (input as HTMLInputElement).getAttribute("capture"));
      expect(captures).toEqual(["environment", "user"]);
    } finally {
      click.mockRestore();
    }
  });
});
