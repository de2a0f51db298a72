// @vitest-environment jsdom
/**
 * The recording pages' attempt with scripted capture handlers and a scripted service: which
 * handler is chosen, what each phase shows (digits, prompts, question, countdown, stop
 * rules, upload progress), and where every outcome leads (result pages, error statuses,
 * the switch to the file input after a permission that never answered).
 */
import { act, cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storedValueSchemas } from "../../../schemas/session";
import { ApiError } from "../../../src/api/apiError";
import { UNMAPPED_API_ERROR_STAT } from "../../../src/api/screenForApiError";
import TrtcRecordScreen from "../../../src/ui/screens/TrtcRecordScreen";
import VerifyScreen from "../../../src/ui/screens/VerifyScreen";
import type { AnyScreenComponent } from "../../../src/ui/screenContract";
import WillDegradeScreen from "../../../src/ui/screens/WillDegradeScreen";
import { setupFlow } from "./harness";
import { fakeApi, PASSED, previewStream, RESULT, recordingBlob, renderRecording, scriptedHandlers, SIGNATURE } from "./recordingHarness";
import type { AttemptOutcome, AttemptState } from "../../../schemas/api";

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1";
const XSS = "<img src=x onerror=window.__xss=1>";

beforeEach(() => {
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {};
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

/** A page with a camera the browser lets the page use, the scripted handlers and service. */
function page(url: string, routeName: string, options: { camera?: boolean; api?: ReturnType<typeof fakeApi>; screen?: AnyScreenComponent; strict?: boolean } = {}) {
  const flow = setupFlow({ url, mediaDevices: options.camera === false ? {} : { getUserMedia: vi.fn() } });
  const handlers = scriptedHandlers();
  flow.rt.captureHandlers = handlers.registry;
  const service = options.api ?? fakeApi();
  const view = renderRecording(flow, options.screen ?? VerifyScreen, routeName, service.api, { strict: options.strict });
  return { flow, handlers, service, view };
}

/**
 * Moves the fake clock in steps until `done` holds. Reading and hashing the recording run on
 * the real event loop (Blob, WebCrypto), so each step also yields to it.
 */
async function advanceUntil(done: () => boolean, stepMs = 100, maxSteps = 500): Promise<void> {
  for (let i = 0; i < maxSteps && !done(); i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(stepMs);
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
  expect(done()).toBe(true);
}

const startButton = (view: ReturnType<typeof page>["view"], name: string) => view.findByRole("button", { name });

describe("number mode (/vertify)", () => {
  it("shows the issued digits large, records with the in-page recorder and the microphone, and lands on /success with the signed result stored", async () => {
    const { flow, handlers, service, view } = page(`${LAUNCH}#/vertify`, "vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    expect(view.container.querySelector(".ff-rec-digits__value")?.textContent).toBe("5820");
    expect(service.calls.digits).toHaveBeenCalledTimes(1);
    const handler = handlers.last();
    expect(handler.kind).toBe("recorder");
    expect(handler.request).toEqual({
      liveMode: "number",
      will: false,
      digits: "5820",
      actions: [],
      question: null,
      durationMs: { min: 2000, max: 5000 },
      audio: true,
      facing: "user",
      light: null,
      promptLeadMs: 0,
    });

    act(() => handler.emit({ type: "preview", stream: previewStream() }));
    expect(view.container.querySelector("video")).not.toBeNull();
    act(() => handler.emit({ type: "cameraReady", atMs: performance.now() }));
    expect(flow.rt.stats.pending().some((e) => e.name === "cameraReady")).toBe(true);
    act(() => handler.emit({ type: "countdown", secondsLeft: 3 }));
    expect(view.container.querySelector(".ff-rec-countdown")?.textContent).toBe("3");

    act(() => handler.emit({ type: "recording", elapsedMs: 1000 }));
    const stop = view.getByRole("button", { name: "完成录制" }) as HTMLButtonElement;
    // Unavailable but focusable (aria-disabled), so keyboard focus stays on it.
    expect(stop.getAttribute("aria-disabled")).toBe("true");
    act(() => handler.emit({ type: "recording", elapsedMs: 2300 }));
    expect(stop.getAttribute("aria-disabled")).toBe("false");
    expect(view.container.querySelector(".ff-rec-badge")?.textContent).toContain("2.3s");
    fireEvent.click(stop);
    expect(handler.stops).toBe(1);

    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm;codecs=vp8,opus", durationMs: 2987.4 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(service.uploads).toHaveLength(1);
    expect(service.uploads[0]!.meta).toMatchObject({ durationMs: 2987, mimeType: "video/webm;codecs=vp8,opus", size: 60 * 1024 });
    expect(flow.rt.storage.getParsed("resultValues", storedValueSchemas.resultValues)).toEqual({ code: "0", sign: SIGNATURE, newSign: "b".repeat(64), liveRate: "100" });
    expect(handler.disposed).toBe(true);
  });

  it("fetches the digits once under StrictMode (each call opens a new attempt on the service)", async () => {
    const { service, view } = page(`${LAUNCH}#/vertify`, "vertify", { strict: true });
    await startButton(view, "开始录制");
    expect(service.calls.digits).toHaveBeenCalledTimes(1);
  });

  it("shows the upload's progress as the first quarter of the 核验中 bar while the service has not answered", async () => {
    let answer: (o: AttemptOutcome) => void = () => undefined;
    const pending = new Promise<AttemptOutcome>((r) => (answer = r));
    const service = fakeApi({ uploads: [pending] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    const bar = await view.findByRole("progressbar", { name: "核验进度" });
    // The bar shows at 0 first; the upload reports 40% after reading and scrambling the file: 40% of the bar's first quarter.
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("10"));
    expect(bar.getAttribute("aria-valuetext")).toBe("正在上传视频，已完成 10%");
    expect(view.getByRole("heading", { level: 1, name: "核验中" })).toBeTruthy();
    expect(view.container.querySelector(".ff-verifying__hint")?.textContent).toBe("正在提交，请不要关闭或刷新页面");
    // Nothing to press meanwhile.
    expect(view.queryByRole("button")).toBeNull();
    await act(async () => answer(PASSED));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
  });

  it("an upload that fails twice without an answer is sent again and judged once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const network = () => new ApiError(0, "NETWORK_ERROR", "connection reset");
    const service = fakeApi({ uploads: [network(), network(), PASSED] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    await act(async () => await vi.advanceTimersByTimeAsync(0));
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await advanceUntil(() => flow.hash() === "/success");
    expect(service.uploads).toHaveLength(3);
    expect(new Set(service.uploads.map((u) => u.meta.messageId)).size).toBe(1);
    expect(new Set(service.uploads.map((u) => u.body)).size).toBe(1);
  });

  it("keeps the recording when every try went unanswered: 重新上传 sends the same one, 放弃 shows the upload-failure screen", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const network = () => new ApiError(0, "NETWORK_ERROR", "offline");
    const service = fakeApi({ uploads: [network(), network(), network(), PASSED] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    await act(async () => await vi.advanceTimersByTimeAsync(0));
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await advanceUntil(() => view.queryByRole("alert") !== null);
    const alert = view.getByRole("alert");
    expect(alert.textContent).toContain("视频上传未完成");
    expect(flow.hash()).toBe("/vertify");
    fireEvent.click(within(alert).getByRole("button", { name: "重新上传" }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(service.uploads).toHaveLength(4);
    expect(new Set(service.uploads.map((u) => u.meta.messageId)).size).toBe(1);
    expect(handlers.made).toHaveLength(1);

    cleanup();
    const gaveUp = page(`${LAUNCH}#/vertify`, "vertify", { api: fakeApi({ uploads: [network(), network(), network()] }) });
    await act(async () => await vi.advanceTimersByTimeAsync(0));
    fireEvent.click(await startButton(gaveUp.view, "开始录制"));
    act(() => gaveUp.handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await advanceUntil(() => gaveUp.view.queryByRole("alert") !== null);
    fireEvent.click(within(await gaveUp.view.findByRole("alert")).getByRole("button", { name: "放弃" }));
    expect(gaveUp.flow.hash()).toBe("/error?status=uploadVideoException");
  });

  it.each([
    ["too short to be checked (spec §5)", { durationMs: 500, kb: 60 }, "shortException"],
    ["too small for the platform", { durationMs: 3000, kb: 10 }, "smallException"],
  ])("a recording %s goes to its error screen without being uploaded", async (_name, recording, status) => {
    const { flow, handlers, service, view } = page(`${LAUNCH}#/vertify`, "vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(recording.kb), mimeType: "video/webm", durationMs: recording.durationMs }));
    await waitFor(() => expect(flow.hash()).toBe(`/error?status=${status}`));
    expect(service.uploads).toHaveLength(0);
  });

  it("a recording the service refuses shows the service's reason", async () => {
    const service = fakeApi({ uploads: [new ApiError(422, "VIDEO_TOO_SHORT", "1800 ms is shorter than the 2000 ms required")] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 2100 }));
    await waitFor(() => expect(flow.hash()).toBe("/error?status=shortException"));
  });

  it("a failed attempt with attempts left goes to /fail, which may retry", async () => {
    const service = fakeApi({ uploads: [{ passed: false, code: "2001", finished: false, attemptsLeft: 1, checks: [] }] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await waitFor(() => expect(flow.hash()).toBe("/fail"));
    expect(flow.rt.storage.getParsed("noRetry", storedValueSchemas.noRetry)).toBeUndefined();
  });

  it("digits the service could not issue show the error of its answer", async () => {
    const service = fakeApi({ digits: async () => Promise.reject(new ApiError(0, "NETWORK_ERROR", "offline")) });
    const { flow } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    await waitFor(() => expect(flow.hash()).toBe("/error?status=seniorException"));
  });

  it("digits refused with a code without a screen show the page's own choice, lipsException, and count the code", async () => {
    const service = fakeApi({ digits: async () => Promise.reject(new ApiError(409, "SOMETHING_NEWER", "from a newer service")) });
    const { flow } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    await waitFor(() => expect(flow.hash()).toBe("/error?status=lipsException"));
    expect(flow.rt.stats.pending().filter((e) => e.name === UNMAPPED_API_ERROR_STAT).map((e) => e.data)).toEqual([
      { code: "SOMETHING_NEWER", unknown: true, httpStatus: 409, shown: "lipsException" },
    ]);
  });

  it("a cancelled attempt goes back to the start button; leaving the page disposes the handler", async () => {
    const { handlers, view } = page(`${LAUNCH}#/vertify`, "vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "cancelled" }));
    fireEvent.click(await startButton(view, "开始录制"));
    expect(handlers.made).toHaveLength(2);
    view.unmount();
    expect(handlers.last().disposed).toBe(true);
  });
});

describe("camera failures", () => {
  it("a refusal records its downgrade reason and shows the platform's no-permission screen", async () => {
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "failed", status: "trtc_androidNoWebcamPermission", downgrade: 10 }));
    await waitFor(() => expect(flow.hash()).toBe("/error?status=trtc_androidNoWebcamPermission"));
    expect(flow.rt.readSessionState().deviceInfo.h5downgrade).toEqual([10]);
    expect(flow.rt.readSessionState().deviceInfo.trtc).toBe(3);
  });

  it("a permission never answered records webcamNoPermissionTimeout and switches the page to the file input (spec §4)", async () => {
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "failed", status: "trtc_androidNoWebcamPermission", downgrade: 11 }));
    const pick = await startButton(view, "拍摄视频");
    expect(flow.hash()).toBe("/vertify");
    expect(view.getAllByRole("status").map((s) => s.textContent)).toContain("摄像头长时间没有响应，已改为使用系统相机录制视频。");
    expect(flow.rt.readSessionState().deviceInfo.h5downgrade).toEqual([11]);
    fireEvent.click(pick);
    const fileInput = handlers.last();
    expect(fileInput.kind).toBe("fileInput");
    expect(fileInput.request.digits).toBe("5820");
    act(() => fileInput.finish({ kind: "recording", blob: recordingBlob(80, "video/mp4"), mimeType: "video/mp4", durationMs: 0 }));
    // A picked file whose duration the browser could not read is left to the service to judge.
    await waitFor(() => expect(flow.hash()).toBe("/success"));
  });
});

describe("choosing the capture", () => {
  it("without getUserMedia the system camera records through the file input, told how long to record and to read the digits", async () => {
    const { handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { camera: false });
    const pick = await startButton(view, "拍摄视频");
    expect(view.container.querySelector(".ff-recorder__hint")?.textContent).toBe("将打开手机相机，请使用前置摄像头录制一段 2–5 秒的视频。录制时请朗读上方数字。");
    fireEvent.click(pick);
    expect(handlers.last().kind).toBe("fileInput");
    expect(view.container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("picking");
    // A chooser dismissed without a cancel event must not leave the user stuck.
    fireEvent.click(view.getByRole("button", { name: "拍摄视频" }));
    expect(handlers.made).toHaveLength(2);
    expect(handlers.made[0]!.disposed).toBe(true);
  });

  it("video capture switched off by live_inter_type=1 uses the file input too", async () => {
    const { handlers, view } = page(`${LAUNCH}&live_inter_type=1#/vertify`, "vertify");
    fireEvent.click(await startButton(view, "拍摄视频"));
    expect(handlers.last().kind).toBe("fileInput");
  });
});

describe("action, silent and will", () => {
  it("action mode prompts each action in turn without the microphone", async () => {
    const { handlers, view } = page(`${LAUNCH}&live_type=2&traditional_action=2,3#/action/vertify`, "action_vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    const handler = handlers.last();
    expect(handler.request).toMatchObject({ liveMode: "action", actions: ["2", "3"], audio: false, durationMs: { min: 1000, max: 5000 } });
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    act(() => handler.emit({ type: "prompt", actionIndex: 0 }));
    expect(view.container.querySelector(".ff-rec-actions__now")?.textContent).toBe("第 1/2 个动作请眨眼");
    act(() => handler.emit({ type: "prompt", actionIndex: 1 }));
    expect(view.container.querySelector(".ff-rec-actions__now")?.textContent).toBe("第 2/2 个动作请张嘴");
    expect(view.container.querySelector(".ff-chip--now")?.textContent).toBe("2张嘴");
    expect(view.container.querySelector(".ff-chip--done")?.textContent).toBe("1眨眼");
  });

  it("action mode names the asked action's code on the prompt (data-action-code), only while it is asked, and changes it with the prompt", async () => {
    const { handlers, view } = page(`${LAUNCH}&live_type=2&traditional_action=1,2,2#/action/vertify`, "action_vertify");
    const cued = () => [...view.container.querySelectorAll("[data-action-code]")];
    fireEvent.click(await startButton(view, "开始录制"));
    const handler = handlers.last();
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    // Recording, but nothing asked yet: a camera answering the page must not act early.
    expect(cued()).toHaveLength(0);
    act(() => handler.emit({ type: "prompt", actionIndex: 0 }));
    expect(cued().map((el) => [el.getAttribute("data-action-code"), el.textContent])).toEqual([["1", "第 1/3 个动作请摇头"]]);
    act(() => handler.emit({ type: "prompt", actionIndex: 1 }));
    const blink = cued();
    expect(blink.map((el) => [el.getAttribute("data-action-code"), el.textContent])).toEqual([["2", "第 2/3 个动作请眨眼"]]);
    act(() => handler.emit({ type: "prompt", actionIndex: 2 }));
    // The same action asked again is a new prompt element, so an observer sees a new prompt.
    expect(cued().map((el) => el.getAttribute("data-action-code"))).toEqual(["2"]);
    expect(cued()[0]).not.toBe(blink[0]);
  });

  it("silent mode asks to hold still and records for at most the silent window", async () => {
    const { handlers, view } = page(`${LAUNCH}&live_type=3#/action/vertify`, "action_vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    expect(view.container.querySelector(".ff-rec-silent")?.textContent).toBe("录制时请保持面部静止，无需说话或做动作");
    expect(handlers.last().request).toMatchObject({ liveMode: "silent", actions: [], audio: false, durationMs: { min: 1000, max: 5000 } });
  });

  it("will mode on /willDegrade/index shows the service's question as text, asks for a nod for will_type 2, and records with sound", async () => {
    const service = fakeApi({ question: `您是否自愿办理？${XSS}` });
    const { handlers, view } = page(`${LAUNCH}&live_type=2&traditional_action=4&live_service=2&will_type=2#/willDegrade/index`, "willDegrade_index", {
      api: service,
      screen: WillDegradeScreen,
    });
    fireEvent.click(await startButton(view, "开始录制"));
    expect(view.container.querySelector(".ff-rec-question__text")?.textContent).toBe(`您是否自愿办理？${XSS}`);
    expect(view.container.querySelector("img")).toBeNull();
    expect(view.container.textContent).toContain("听完问题后，请点头确认");
    expect(handlers.last().request).toMatchObject({ will: true, audio: true, question: `您是否自愿办理？${XSS}`, actions: ["4"], durationMs: { min: 1000, max: 30000 } });
    expect(service.calls.digits).not.toHaveBeenCalled();
  });

  it("landscape theme 02 records digits on the action page (action and silent are off)", async () => {
    const { handlers, view } = page(`${LAUNCH}&live_type=2&traditional_action=1&theme=02#/action/vertify`, "action_vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    expect(handlers.last().request).toMatchObject({ liveMode: "number", digits: "5820" });
  });
});

describe("verifying and settling", () => {
  const verifying = (step: "queued" | "decoding" | "analysing" | "listening" | "deciding", progress: number, attempt = 1): AttemptState => ({ state: "verifying", attempt, step, progress });
  const judgedAs = (outcome: AttemptOutcome, attempt = 1): AttemptState => ({ state: "judged", attempt, outcome });

  it("after the upload shows 核验中 with the service's step and progress, keeps the attempt for a reload, then goes on to the result", async () => {
    let release: (state: AttemptState) => void = () => undefined;
    const held = new Promise<AttemptState>((resolve) => (release = resolve));
    const service = fakeApi({ polls: [verifying("decoding", 0.3), held] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    const bar = await view.findByRole("progressbar", { name: "核验进度" });
    // The service's figure after the upload's quarter: 25 + 75 × 0.3.
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("48"));
    expect(bar.getAttribute("aria-valuetext")).toBe("解码视频，已完成 48%");
    // The status is the page's heading now; the recording's instruction is done with.
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("核验中");
    expect(view.container.querySelector(".ff-verifying__step")?.textContent).toBe("解码视频");
    expect(view.container.querySelector(".ff-verifying__hint")?.textContent).toBe("已提交，正在核验，请不要关闭或刷新页面");
    expect(flow.rt.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toEqual({ attempt: 1 });
    await waitFor(() => expect(service.polls).toHaveLength(2));
    // The first answer was the upload's; each later poll waits for the service to move on.
    expect(service.polls).toEqual([
      { attempt: 1, waitMs: 20_000 },
      { attempt: 1, waitMs: 20_000 },
    ]);
    await act(async () => release(verifying("deciding", 0.9)));
    await waitFor(() => expect(view.container.querySelector(".ff-verifying__step")?.textContent).toBe("生成结果"));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(flow.rt.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toBeUndefined();
    expect(service.uploads).toHaveLength(1);
  });

  it("a failed verdict with attempts left goes to /fail like before", async () => {
    const service = fakeApi({ polls: [judgedAs({ passed: false, code: "2001", finished: false, attemptsLeft: 1, checks: [] })] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await waitFor(() => expect(flow.hash()).toBe("/fail"));
  });

  it("a network error while polling is tried again, never uploading the recording a second time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const network = () => new ApiError(0, "NETWORK_ERROR", "connection reset");
    const service = fakeApi({ polls: [network(), new ApiError(503, "BAD_RESPONSE", "proxy"), network()] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    await act(async () => await vi.advanceTimersByTimeAsync(0));
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await advanceUntil(() => flow.hash() === "/success", 250);
    expect(service.uploads).toHaveLength(1);
    expect(service.polls).toHaveLength(4);
    expect(service.polls.every((p) => p.attempt === 1)).toBe(true);
  });

  it("a reload while the service verifies resumes the wait instead of recording again", async () => {
    const service = fakeApi({ polls: [verifying("analysing", 0.6, 4), judgedAs(PASSED, 4)] });
    const flowAt = setupFlow({ url: `${LAUNCH}#/vertify`, mediaDevices: { getUserMedia: vi.fn() } });
    flowAt.rt.storage.setJSON("pendingAttempt", { attempt: 4 });
    const handlers = scriptedHandlers();
    flowAt.rt.captureHandlers = handlers.registry;
    const view = renderRecording(flowAt, VerifyScreen, "vertify", service.api);
    expect(await view.findByRole("progressbar", { name: "核验进度" })).toBeTruthy();
    await waitFor(() => expect(flowAt.hash()).toBe("/success"));
    // Asked where it stands at once, then waited for the change.
    expect(service.polls).toEqual([
      { attempt: 4, waitMs: 0 },
      { attempt: 4, waitMs: 20_000 },
    ]);
    expect(service.calls.digits).not.toHaveBeenCalled();
    expect(service.uploads).toHaveLength(0);
    expect(handlers.made).toHaveLength(0);
    expect(flowAt.rt.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toBeUndefined();
  });

  it("a stored attempt the service does not know is forgotten and the page prepares as usual", async () => {
    const service = fakeApi({ polls: [new ApiError(404, "ATTEMPT_NOT_FOUND", "not this session's")] });
    const flowAt = setupFlow({ url: `${LAUNCH}#/vertify`, mediaDevices: { getUserMedia: vi.fn() } });
    flowAt.rt.storage.setJSON("pendingAttempt", { attempt: 9 });
    flowAt.rt.captureHandlers = scriptedHandlers().registry;
    const view = renderRecording(flowAt, VerifyScreen, "vertify", service.api);
    expect(await startButton(view, "开始录制")).toBeTruthy();
    expect(service.calls.digits).toHaveBeenCalledTimes(1);
    expect(flowAt.rt.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toBeUndefined();
  });

  it("an attempt a streaming handler handed over is followed to its verdict without an upload", async () => {
    const failed = { ...RESULT, state: "failed" as const, payload: { ...RESULT.payload, code: "2001" } };
    const service = fakeApi({ result: failed, polls: [judgedAs({ passed: false, code: "2001", finished: true, attemptsLeft: 0, checks: [] }, 2)] });
    const { flow, handlers, view } = page(`${LAUNCH}#/vertify`, "vertify", { api: service });
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().finish({ kind: "accepted", accepted: { state: "accepted", attempt: 2 } }));
    await waitFor(() => expect(flow.hash()).toBe("/fail"));
    expect(service.uploads).toHaveLength(0);
    expect(service.polls).toEqual([{ attempt: 2, waitMs: 0 }]);
    expect(flow.rt.storage.getParsed("resultValues", storedValueSchemas.resultValues)?.code).toBe("2001");
  });
});

describe("prompt times sent with the recording", () => {
  it("number mode: the digits were on screen from the start", async () => {
    const { flow, handlers, service, view } = page(`${LAUNCH}#/vertify`, "vertify");
    fireEvent.click(await startButton(view, "开始录制"));
    act(() => handlers.last().emit({ type: "recording", elapsedMs: 0 }));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(service.uploads[0]!.meta.prompts).toEqual([{ what: "digits", atMs: 0 }]);
  });

  it("action mode: each action when it was prompted, on the recording's clock", async () => {
    let t = 50_000;
    const { flow, handlers, service, view } = page(`${LAUNCH}&live_type=2&traditional_action=2,3#/action/vertify`, "action_vertify");
    vi.spyOn(flow.rt.win.performance, "now").mockImplementation(() => t);
    fireEvent.click(await startButton(view, "开始录制"));
    const handler = handlers.last();
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    act(() => handler.emit({ type: "prompt", actionIndex: 0 }));
    t += 2_375;
    act(() => handler.emit({ type: "recording", elapsedMs: 2_375 }));
    act(() => handler.emit({ type: "prompt", actionIndex: 1 }));
    t += 2_000;
    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 4_375 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(service.uploads[0]!.meta.prompts).toEqual([
      { what: "action", action: "2", atMs: 0 },
      { what: "action", action: "3", atMs: 2_375 },
    ]);
  });

  it("a video from the system camera was shown everything before it started", async () => {
    const { flow, handlers, service, view } = page(`${LAUNCH}&live_type=2&traditional_action=4#/action/vertify`, "action_vertify", { camera: false });
    fireEvent.click(await startButton(view, "拍摄视频"));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(80, "video/mp4"), mimeType: "video/mp4", durationMs: 2500 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(service.uploads[0]!.meta.prompts).toEqual([{ what: "action", action: "4", atMs: 0 }]);
  });
});

describe("real-time video's recording (/action/trtc/record)", () => {
  const TRTC = `${LAUNCH}&rtc_mode_switch=1&live_type=1#/action/trtc/record`;

  it("keeps the recording when every try went unanswered, as the recording pages do: 重新上传 sends the same one and the page goes on to the result", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const network = () => new ApiError(0, "NETWORK_ERROR", "offline");
    const service = fakeApi({ uploads: [network(), network(), network(), PASSED] });
    const { flow, handlers, view } = page(TRTC, "action_trtc_record", { api: service, screen: TrtcRecordScreen as AnyScreenComponent });
    await act(async () => await vi.advanceTimersByTimeAsync(0));
    fireEvent.click(await startButton(view, "开始验证"));
    await advanceUntil(() => handlers.made.length > 0);
    const handler = handlers.last();
    expect(handler.kind).toBe("trtc");
    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await advanceUntil(() => view.queryByRole("alert") !== null);
    // Before, the recording was lost here: the page went to /error?status=uploadVideoException.
    expect(flow.hash()).toBe("/action/trtc/record");
    const alert = view.getByRole("alert");
    expect(alert.textContent).toContain("视频上传未完成");
    fireEvent.click(within(alert).getByRole("button", { name: "重新上传" }));
    await advanceUntil(() => flow.hash() === "/success");
    expect(service.uploads).toHaveLength(4);
    expect(new Set(service.uploads.map((u) => u.meta.messageId)).size).toBe(1);
    expect(handlers.made).toHaveLength(1);
  });
});
