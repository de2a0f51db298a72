// @vitest-environment jsdom
/**
 * What a screen-reader user hears on the recording page: the digits to read, the 3-2-1, the
 * upload and the verification are said through polite live regions, once per change and
 * without flooding (src/flow/announcer.ts); the visible texts that change many times a second
 * are not live regions themselves.
 */
import { act, cleanup, fireEvent } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AttemptState, VerifyStep } from "../../../schemas/api";
import type { UploadOptions } from "../../../src/api/client";
import VerifyScreen from "../../../src/ui/screens/VerifyScreen";
import { setupFlow } from "../screens/harness";
import { fakeApi, previewStream, recordingBlob, renderRecording, scriptedHandlers } from "../screens/recordingHarness";

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1";

beforeEach(() => {
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {};
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"], shouldAdvanceTime: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

function page(url: string, routeName: string, polls: Promise<AttemptState>[] = []) {
  const flow = setupFlow({ url, mediaDevices: { getUserMedia: vi.fn() } });
  const handlers = scriptedHandlers();
  flow.rt.captureHandlers = handlers.registry;
  const service = fakeApi({ polls });
  // The upload reports its progress as the test says, and is answered when the test says.
  const progress = { called: false, report: (_fraction: number) => undefined as void, answer: () => undefined as void };
  const upload = service.api.upload.bind(service.api);
  service.api.upload = (meta, body, options?: UploadOptions) => {
    progress.called = true;
    progress.report = (fraction) => options?.onProgress?.(fraction);
    return new Promise((resolve) => (progress.answer = () => resolve(upload(meta, body)))) as ReturnType<typeof upload>;
  };
  const view = renderRecording(flow, VerifyScreen, routeName, service.api);
  return { flow, handlers, view, progress };
}

const region = (container: HTMLElement, channel: string) => {
  const found = container.querySelector<HTMLElement>(`[data-channel="${channel}"]`);
  if (!found) throw new Error(`no live region "${channel}"`);
  return found;
};

/**
 * Lets the page's work settle until `done`: its promises run on the real event loop (reading
 * and hashing the recording), bounded by real time so a busy machine only makes it slower;
 * the fake clock moves `stepMs` per turn (the page waits on timers too, e.g. between polls).
 */
async function until(done: () => boolean, stepMs = 10): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!done() && Date.now() < deadline) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(stepMs);
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
  expect(done()).toBe(true);
}
const startShown = (view: ReturnType<typeof page>["view"]) => () => view.queryByRole("button", { name: "开始录制" }) !== null;

describe("live regions of the recording page", () => {
  it("says the digits to read one by one through a polite region, and the visible digits are not live", async () => {
    const { view } = page(`${LAUNCH}#/vertify`, "vertify");
    await until(startShown(view));
    const prompt = region(view.container, "prompt");
    expect(prompt.getAttribute("role")).toBe("status");
    expect(prompt.getAttribute("aria-live")).toBe("polite");
    expect(prompt.textContent).toBe("请用普通话朗读以下数字 5 8 2 0");
    const digits = view.container.querySelector(".ff-rec-digits__value");
    expect(digits?.closest("[aria-live]")).toBeNull();
  });

  it("says each second of the 3-2-1 once, and 录制中 when the recording starts", async () => {
    const { view, handlers } = page(`${LAUNCH}#/vertify`, "vertify");
    await until(startShown(view));
    fireEvent.click(view.getByRole("button", { name: "开始录制" }));
    const handler = handlers.last();
    act(() => handler.emit({ type: "preview", stream: previewStream() }));
    const countdown = region(view.container, "countdown");
    const heard: string[] = [];
    for (const secondsLeft of [3, 2, 1]) {
      act(() => handler.emit({ type: "countdown", secondsLeft }));
      heard.push(countdown.textContent ?? "");
      // The same second again (a re-render) says nothing new.
      act(() => handler.emit({ type: "countdown", secondsLeft }));
      await act(async () => vi.advanceTimersByTime(1000));
    }
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    heard.push(countdown.textContent ?? "");
    for (let ms = 100; ms < 2000; ms += 100) act(() => handler.emit({ type: "recording", elapsedMs: ms }));
    expect(heard).toEqual(["3", "2", "1", "录制中"]);
    expect(countdown.textContent).toBe("录制中");
    expect(view.container.querySelector(".ff-rec-countdown, .ff-rec-badge")?.closest("[aria-live]") ?? null).toBeNull();
  });

  it("says 40 upload progress updates of the 核验中 bar in a few announcements", async () => {
    const { view, handlers, progress } = page(`${LAUNCH}#/vertify`, "vertify");
    await until(startShown(view));
    fireEvent.click(view.getByRole("button", { name: "开始录制" }));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    const live = region(view.container, "progress");
    const heard: string[] = [];
    const listen = () => {
      const text = live.textContent ?? "";
      if (text !== "" && text !== heard.at(-1)) heard.push(text);
    };
    // The bar shows while the recording is still read and hashed, before the request goes out.
    await until(() => progress.called && view.queryByRole("progressbar", { name: "核验进度" })?.getAttribute("aria-valuetext")?.startsWith("正在上传视频") === true);
    listen();
    for (let i = 1; i <= 40; i++) {
      act(() => progress.report(i / 40));
      await act(async () => vi.advanceTimersByTime(150));
      listen();
    }
    await act(async () => vi.advanceTimersByTime(3000));
    listen();
    // Sending is the bar's first quarter (waitView.ts UPLOAD_SHARE), said as it starts and as it is done.
    const uploads = heard.filter((text) => text.startsWith("正在上传视频"));
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    expect(uploads.length).toBeLessThanOrEqual(3);
    expect(uploads.at(-1)).toBe("正在上传视频，已完成 25%");
    // The bar itself is not a live region: its 40 values are not each said.
    expect(view.getByRole("progressbar").closest("[aria-live]")).toBeNull();
  });

  it("says the verification's steps as the service reports them", async () => {
    const answers: ((state: AttemptState) => void)[] = [];
    const polls = [0, 1, 2].map(() => new Promise<AttemptState>((resolve) => answers.push(resolve)));
    const verifying = (step: VerifyStep, progress: number): AttemptState => ({ state: "verifying", attempt: 1, step, progress });
    const { view, handlers, progress } = page(`${LAUNCH}#/vertify`, "vertify", polls);
    await until(startShown(view));
    fireEvent.click(view.getByRole("button", { name: "开始录制" }));
    act(() => handlers.last().finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 3000 }));
    await until(() => progress.called);
    act(() => progress.answer());
    const live = region(view.container, "progress");
    await until(() => view.queryByRole("progressbar", { name: "核验进度" }) !== null);
    // The service's figure fills the bar after the upload's quarter: 25 + 75 × 0.3, then 25 + 75 × 0.35.
    act(() => answers[0]!(verifying("decoding", 0.3)));
    await until(() => live.textContent === "解码视频，已完成 48%", 50);
    act(() => answers[1]!(verifying("analysing", 0.35)));
    await until(() => live.textContent === "分析人脸，已完成 51%", 50);
    // The step's text stays on the page, but is not itself a live region.
    expect(view.container.querySelector(".ff-verifying__step")?.closest("[aria-live]")).toBeNull();
  });
});
