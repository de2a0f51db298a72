// @vitest-environment jsdom
/**
 * The recording pages with the real recorder and file-input handlers over jsdom and a
 * fake camera: instructions, the camera viewport, what the start button opens, where a
 * failed camera start leads, the record-timeout modal, and the will-degrade pages.
 */
import { act, cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import captureJson from "../../../flows/capture.json";
import type { CaptureFile } from "../../../schemas/capture";
import type { CaptureDeps, CaptureHandlerFactory, CaptureKind } from "../../../src/capture/contract";
import { createFileInputHandler } from "../../../src/capture/fileInputHandler";
import { cameraFailureOf, idealConstraints } from "../../../src/capture/permission";
import { platformOfUserAgent } from "../../../src/capture/recorder/platform";
import { createRecorderHandler } from "../../../src/capture/recorderHandler";
import VerifyScreen from "../../../src/ui/screens/VerifyScreen";
import type { AnyScreenComponent } from "../../../src/ui/screenContract";
import WillDegradeScreen from "../../../src/ui/screens/WillDegradeScreen";
import { mediaError, setupFlow, UA } from "./harness";
import { fakeApi, renderRecording } from "./recordingHarness";
import { shippedKindRegistry } from "../../capture/shippedKinds";

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1";
const XSS = "<img src=x onerror=window.__xss=1>";

/** First-frame callbacks of the recorder's probe <video>, run when a test says a picture arrived. */
let frames: (() => void)[] = [];

beforeEach(() => {
  frames = [];
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {
    static isTypeSupported = () => true;
  };
  Object.assign(HTMLVideoElement.prototype, {
    requestVideoFrameCallback(callback: () => void) {
      frames.push(callback);
      return frames.length;
    },
    cancelVideoFrameCallback: () => undefined,
  });
  // jsdom plays no media; the page and the recorder only need play() to settle.
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

/** The shipped handlers for the two kinds these pages use; the others are not theirs. */
function realHandlers() {
  const notHere = (kind: string): CaptureHandlerFactory<CaptureDeps> => () => {
    throw new Error(`the recording pages never use ${kind}`);
  };
  const shipped: Partial<Record<CaptureKind, CaptureHandlerFactory<CaptureDeps>>> = { recorder: createRecorderHandler, fileInput: createFileInputHandler };
  return shippedKindRegistry((kind) => async () => shipped[kind] ?? notHere(kind));
}

function fakeTracks() {
  const tracks = [
    Object.assign(new EventTarget(), { kind: "video", stop: vi.fn() }),
    Object.assign(new EventTarget(), { kind: "audio", stop: vi.fn() }),
  ];
  const stream = { getTracks: () => tracks, getVideoTracks: () => tracks.slice(0, 1) } as unknown as MediaStream;
  return { stream, stopped: () => tracks.every((t) => t.stop.mock.calls.length > 0) };
}

function camera(result: () => Promise<MediaStream>) {
  const getUserMedia = vi.fn((_constraints: MediaStreamConstraints) => result());
  return { getUserMedia, mediaDevices: { getUserMedia } as Partial<MediaDevices> };
}

function open(url: string, routeName: string, options: { userAgent?: string; mediaDevices?: Partial<MediaDevices> | null; question?: string; screen?: AnyScreenComponent } = {}) {
  const flow = setupFlow({ url, userAgent: options.userAgent ?? UA.desktop, mediaDevices: options.mediaDevices });
  flow.rt.captureHandlers = realHandlers();
  const service = fakeApi(options.question === undefined ? {} : { question: options.question });
  const view = renderRecording(flow, options.screen ?? VerifyScreen, routeName, service.api);
  return { flow, view, service };
}

const pressStart = async (view: ReturnType<typeof open>["view"], name = "开始录制") => {
  fireEvent.click(await view.findByRole("button", { name }));
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
};

describe("recording pages", () => {
  it("/vertify reads digits: instructions, oval guide and the digits; opens camera and microphone with ideal constraints; leaving releases the camera", async () => {
    const tracks = fakeTracks();
    const cam = camera(async () => tracks.stream);
    const { view } = open(`${LAUNCH}#/vertify`, "vertify", { mediaDevices: cam.mediaDevices });
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("请朗读数字");
    expect(view.container.querySelector(".ff-camera__oval")).not.toBeNull();
    expect(view.container.textContent).toContain("将使用摄像头和麦克风");
    await pressStart(view);
    expect(view.container.querySelector(".ff-rec-digits__value")?.textContent).toBe("5820");
    expect(cam.getUserMedia).toHaveBeenCalledWith(idealConstraints(true, "user"));
    expect(view.container.querySelector("video")).not.toBeNull();
    expect(view.queryByRole("button", { name: "开始录制" })).toBeNull();
    expect(view.container.textContent).toContain("请将面部移入框内");
    view.unmount();
    expect(tracks.stopped()).toBe(true);
  });

  it("/action/vertify lists the asked actions as numbered chips and asks for the camera only", async () => {
    const cam = camera(async () => fakeTracks().stream);
    const { view } = open(`${LAUNCH}&live_type=2&traditional_action=4,2#/action/vertify`, "action_vertify", { mediaDevices: cam.mediaDevices });
    expect([...view.container.querySelectorAll(".ff-chip")].map((c) => c.textContent)).toEqual(["1点头", "2眨眼"]);
    await pressStart(view);
    expect(cam.getUserMedia.mock.calls[0]?.[0]).toEqual(idealConstraints(false, "user"));
  });

  it("silent mode on /action/vertify asks the user to hold still", () => {
    const { view } = open(`${LAUNCH}&live_type=3#/action/vertify`, "action_vertify");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("请保持不动");
  });

  it("the camera's first picture starts the 3-2-1 countdown", async () => {
    const cam = camera(async () => fakeTracks().stream);
    const { view } = open(`${LAUNCH}#/vertify`, "vertify", { mediaDevices: cam.mediaDevices });
    await pressStart(view);
    expect(view.container.querySelector(".ff-rec-countdown")).toBeNull();
    act(() => frames.splice(0).forEach((frame) => frame()));
    await waitFor(() => expect(view.container.querySelector(".ff-rec-countdown")?.textContent).toBe("3"));
  });
});

describe("a failed camera start shows the matching catalogue status", () => {
  // The status each failure shows is flows/capture.json camera.failures' (src/capture/permission.ts):
  // read from it, so a row added there changes no test here.
  it.each([
    ["NotAllowedError", UA.iPhone],
    ["NotAllowedError", UA.android],
    ["SecurityError", UA.android],
    ["NotReadableError", UA.android],
    ["AbortError", UA.iPhone],
  ])("%s on %s → the table's status", async (name, userAgent) => {
    const status = cameraFailureOf(name, 0, platformOfUserAgent(userAgent), 1, (captureJson as CaptureFile).camera.failures).status;
    const cam = camera(async () => Promise.reject(mediaError(name)));
    const { flow, view } = open(`${LAUNCH}#/vertify`, "vertify", { userAgent, mediaDevices: cam.mediaDevices });
    await pressStart(view);
    await waitFor(() => expect(flow.hash()).toBe(`/error?status=${status}`));
  });

  it("a camera API without a camera (NotFoundError) switches the page to the system camera instead of failing", async () => {
    const cam = camera(async () => Promise.reject(mediaError("NotFoundError")));
    const { flow, view } = open(`${LAUNCH}#/vertify`, "vertify", { mediaDevices: cam.mediaDevices });
    await pressStart(view);
    expect(await view.findByRole("button", { name: "拍摄视频" })).toBeTruthy();
    expect(view.getAllByRole("status").map((s) => s.textContent)).toContain("未检测到可用的摄像头，已改为使用系统相机录制视频。");
    expect(flow.hash()).toBe("/vertify");
    expect(flow.rt.readSessionState().deviceInfo.h5downgrade).toEqual([12]);
  });

  it("a browser that lists no camera starts with the system camera, without asking for a permission", async () => {
    const cam = camera(async () => fakeTracks().stream);
    const mediaDevices = { ...cam.mediaDevices, enumerateDevices: async () => [{ kind: "audioinput" } as MediaDeviceInfo] };
    const { view } = open(`${LAUNCH}#/vertify`, "vertify", { mediaDevices });
    expect(await view.findByRole("button", { name: "拍摄视频" })).toBeTruthy();
    expect(cam.getUserMedia).not.toHaveBeenCalled();
  });

  it("a browser without navigator.mediaDevices records with the system camera instead of failing", async () => {
    const { flow, view } = open(`${LAUNCH}#/vertify`, "vertify", { mediaDevices: null });
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => undefined);
    await pressStart(view, "拍摄视频");
    expect(click).toHaveBeenCalledTimes(1);
    const input = click.mock.contexts[0] as HTMLInputElement;
    expect([input.type, input.accept, input.getAttribute("capture"), input.isConnected]).toEqual(["file", "video/*", "user", false]);
    expect(flow.hash()).toBe("/vertify");
    click.mockRestore();
  });
});

describe("record-timeout modal", () => {
  async function stalled(highLight: string) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const tracks = fakeTracks();
    const cam = camera(async () => tracks.stream);
    const opened = open(`${LAUNCH}&high_light=${encodeURIComponent(highLight)}#/vertify`, "vertify", { mediaDevices: cam.mediaDevices });
    await pressStart(opened.view);
    expect(opened.view.queryByRole("dialog")).toBeNull();
    await act(async () => await vi.advanceTimersByTimeAsync(captureJson.waveTimeoutMs));
    return { ...opened, tracks };
  }

  it("opens when the camera gives no picture in time, highlighting high_light's segments as text", async () => {
    const { view } = await stalled(`网络|${XSS}|重新录制`);
    const dialog = view.getByRole("dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("录制超时");
    expect([...dialog.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["网络", "重新录制"]);
    expect(dialog.querySelector("img")).toBeNull();
  });

  it("does not open when the first picture arrives", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const cam = camera(async () => fakeTracks().stream);
    const { view } = open(`${LAUNCH}#/vertify`, "vertify", { mediaDevices: cam.mediaDevices });
    await pressStart(view);
    act(() => frames.splice(0).forEach((frame) => frame()));
    await act(async () => await vi.advanceTimersByTimeAsync(captureJson.waveTimeoutMs * 2));
    expect(view.queryByRole("dialog")).toBeNull();
  });

  it("re-record releases the camera and goes back to the start", async () => {
    const { view, tracks } = await stalled("");
    fireEvent.click(within(view.getByRole("dialog")).getByRole("button", { name: "重新录制" }));
    expect(view.queryByRole("dialog")).toBeNull();
    expect(tracks.stopped()).toBe(true);
    expect(view.getByRole("button", { name: "开始录制" })).toBeTruthy();
  });

  it("quit hands the user back to the partner with the recording-abnormal code", async () => {
    const { view, flow } = await stalled("");
    fireEvent.click(within(view.getByRole("dialog")).getByRole("button", { name: "退出" }));
    await act(async () => await Promise.resolve());
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back?orderNo=O-1&code=3110");
  });
});

describe("will degrade", () => {
  it("the transition explains the switch and continues to the index page", () => {
    const { view, flow } = open(`${LAUNCH}&live_service=2#/willDegrade/transition`, "willDegrade_transition", { screen: WillDegradeScreen });
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("已切换为录制视频");
    fireEvent.click(view.getByRole("button", { name: "继续" }));
    expect(flow.hash()).toBe("/willDegrade/index");
  });

  it("the index page records the consent with the microphone, showing the service's question as text", async () => {
    const cam = camera(async () => fakeTracks().stream);
    const { view } = open(`${LAUNCH}&live_type=2&traditional_action=2&live_service=2#/willDegrade/index`, "willDegrade_index", {
      mediaDevices: cam.mediaDevices,
      question: XSS,
      screen: WillDegradeScreen,
    });
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("请完成意愿确认");
    expect(view.container.querySelector(".ff-badge")?.textContent).toBe("录制视频");
    await pressStart(view);
    expect(view.container.querySelector(".ff-rec-question__text")?.textContent).toBe(XSS);
    expect(view.container.querySelector("img")).toBeNull();
    expect(cam.getUserMedia.mock.calls[0]?.[0]).toEqual(idealConstraints(true, "user"));
  });
});
