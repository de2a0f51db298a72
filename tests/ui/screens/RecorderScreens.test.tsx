// @vitest-environment jsdom
/**
 * The recording pages' start state: instructions, the camera viewport, the button that
 * opens the camera, where a failed start leads, and the record-timeout modal.
 */
import { act, cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import captureJson from "../../../flows/capture.json";
import TrtcRecordScreen from "../../../src/ui/screens/TrtcRecordScreen";
import VerifyScreen from "../../../src/ui/screens/VerifyScreen";
import WillDegradeScreen from "../../../src/ui/screens/WillDegradeScreen";
import WsRecordScreen from "../../../src/ui/screens/WsRecordScreen";
import { fakeStream, mediaError, settle, setupFlow, UA } from "./harness";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1";
const XSS = "<img src=x onerror=window.__xss=1>";

function camera(result: () => Promise<MediaStream>) {
  const getUserMedia = vi.fn((_constraints: MediaStreamConstraints) => result());
  return { getUserMedia, mediaDevices: { getUserMedia } as Partial<MediaDevices> };
}

describe("recording start state", () => {
  it("/vertify reads digits: instructions, oval guide and the camera button; opens camera and microphone with ideal constraints", async () => {
    const stream = fakeStream();
    const cam = camera(async () => stream);
    const flow = setupFlow({ url: `${LAUNCH}#/vertify`, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(VerifyScreen, "vertify");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("请朗读数字");
    expect(view.container.querySelector(".ff-camera__oval")).not.toBeNull();
    expect(view.container.textContent).toContain("将使用摄像头和麦克风");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await settle();
    expect(cam.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: "user" }, width: { ideal: 640 }, height: { ideal: 480 } },
      audio: true,
    });
    expect(view.container.querySelector("video")).not.toBeNull();
    expect(view.queryByRole("button", { name: "开启摄像头" })).toBeNull();
    expect(view.container.textContent).toContain("请将面部移入框内");
    view.unmount();
    expect(stream.stopped()).toEqual([true]);
  });

  it("/action/vertify lists the asked actions as numbered chips and asks for the camera only", async () => {
    const cam = camera(async () => fakeStream());
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2&traditional_action=4,2#/action/vertify`, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(VerifyScreen, "action_vertify");
    expect([...view.container.querySelectorAll(".ff-chip")].map((c) => c.textContent)).toEqual(["1点头", "2眨眼"]);
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await settle();
    expect(cam.getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: false });
  });

  it("silent mode on /action/vertify asks the user to hold still", () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=3#/action/vertify` });
    expect(flow.renderScreen(VerifyScreen, "action_vertify").getByRole("heading", { level: 1 }).textContent).toBe("请保持不动");
  });

  it("the will variant of the real-time page asks for the consent with the microphone", async () => {
    const cam = camera(async () => fakeStream());
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2&live_service=2&rtc_mode_switch=1#/action/trtc/willRecord`, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(TrtcRecordScreen, "action_trtc_willRecord");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("请完成意愿确认");
    expect(view.container.querySelector(".ff-badge")?.textContent).toBe("实时视频");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await settle();
    expect(cam.getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: true });
  });

  it("the websocket page streams pictures only", async () => {
    const cam = camera(async () => fakeStream());
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2#/action/ws/record`, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(WsRecordScreen, "action_ws_record");
    expect(view.container.querySelector(".ff-badge")?.textContent).toBe("视频流");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await settle();
    expect(cam.getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: false });
  });
});

describe("a failed camera start shows the matching catalogue status", () => {
  it.each([
    ["NotAllowedError", UA.iPhone, "trtc_iosNoWebcamPermission"],
    ["NotAllowedError", UA.android, "trtc_androidNoWebcamPermission"],
    ["SecurityError", UA.android, "trtc_androidNoWebcamPermission"],
    ["NotFoundError", UA.android, "uaDetectException"],
    ["NotReadableError", UA.android, "trtc_cameraError"],
    ["OverconstrainedError", UA.iPhone, "trtc_cameraError"],
  ])("%s on %s → %s", async (name, userAgent, status) => {
    const cam = camera(async () => Promise.reject(mediaError(name)));
    const flow = setupFlow({ url: `${LAUNCH}#/vertify`, userAgent, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(VerifyScreen, "vertify");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await waitFor(() => expect(flow.hash()).toBe(`/error?status=${status}`));
  });

  it("a browser without navigator.mediaDevices → browserNotSupport", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/action/trtc/record`, mediaDevices: null });
    const view = flow.renderScreen(TrtcRecordScreen, "action_trtc_record");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await waitFor(() => expect(flow.hash()).toBe("/error?status=browserNotSupport"));
  });
});

describe("record-timeout modal", () => {
  async function stalled(highLight: string) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const stream = fakeStream();
    const cam = camera(async () => stream);
    const flow = setupFlow({ url: `${LAUNCH}&high_light=${encodeURIComponent(highLight)}#/vertify`, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(VerifyScreen, "vertify");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await settle();
    expect(view.queryByRole("dialog")).toBeNull();
    act(() => vi.advanceTimersByTime(captureJson.waveTimeoutMs));
    return { flow, view, stream, cam };
  }

  it("opens when the camera gives no picture in time, highlighting high_light's segments as text", async () => {
    const { view } = await stalled(`网络|${XSS}|重新录制`);
    const dialog = view.getByRole("dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("录制超时");
    expect([...dialog.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["网络", "重新录制"]);
    expect(dialog.querySelector("img")).toBeNull();
  });

  it("does not open when the first picture arrives", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cam = camera(async () => fakeStream());
    const flow = setupFlow({ url: `${LAUNCH}#/vertify`, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(VerifyScreen, "vertify");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await settle();
    fireEvent(view.container.querySelector("video")!, new Event("loadeddata"));
    act(() => vi.advanceTimersByTime(captureJson.waveTimeoutMs * 2));
    expect(view.queryByRole("dialog")).toBeNull();
  });

  it("re-record releases the camera and goes back to the start state", async () => {
    const { view, stream } = await stalled("");
    fireEvent.click(within(view.getByRole("dialog")).getByRole("button", { name: "重新录制" }));
    expect(view.queryByRole("dialog")).toBeNull();
    expect(stream.stopped()).toEqual([true]);
    expect(view.getByRole("button", { name: "开启摄像头" })).toBeTruthy();
  });

  it("quit hands the user back to the partner with the recording-abnormal code", async () => {
    const { view, flow } = await stalled("");
    fireEvent.click(within(view.getByRole("dialog")).getByRole("button", { name: "退出" }));
    await settle();
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back?orderNo=O-1&code=3110");
  });
});

describe("will degrade", () => {
  it("the transition explains the switch and continues to the index page", () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_service=2#/willDegrade/transition` });
    const view = flow.renderScreen(WillDegradeScreen, "willDegrade_transition");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("已切换为录制视频");
    fireEvent.click(view.getByRole("button", { name: "继续" }));
    expect(flow.hash()).toBe("/willDegrade/index");
  });

  it("the index page is the plain recording start state with the microphone", async () => {
    const cam = camera(async () => fakeStream());
    const flow = setupFlow({ url: `${LAUNCH}&live_service=2#/willDegrade/index`, mediaDevices: cam.mediaDevices });
    const view = flow.renderScreen(WillDegradeScreen, "willDegrade_index");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("请完成意愿确认");
    expect(view.container.querySelector(".ff-badge")?.textContent).toBe("录制视频");
    fireEvent.click(view.getByRole("button", { name: "开启摄像头" }));
    await settle();
    expect(cam.getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: true });
  });
});
