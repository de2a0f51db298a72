// @vitest-environment jsdom
/**
 * The light challenge on the recording page, with scripted handlers, a scripted service and a
 * frame clock the test drives: the notice comes before anything flashes or records; the
 * overlay carries the colour it shows in data-light-color and changes with the sequence, and
 * the times it went up are sent with the recording; a browser asking for reduced motion, and a
 * user choosing the opt-out, take the number-mode alternative and never get the overlay.
 */
import { act, cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderConfig } from "../../../schemas/api";
import type { LightChallenge } from "../../../schemas/lightChallenge";
import VerifyScreen from "../../../src/ui/screens/VerifyScreen";
import { setupFlow } from "./harness";
import { fakeApi, previewStream, recordingBlob, renderRecording, scriptedHandlers } from "./recordingHarness";

const SILENT = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1&live_type=3#/action/vertify";
const CHALLENGE: LightChallenge = {
  segments: [
    { color: "white", ms: 400 },
    { color: "blue", ms: 500 },
    { color: "yellow", ms: 400 },
    { color: "magenta", ms: 600 },
  ],
};
const CONTINUE = "我知道了，继续";
const OPT_OUT = "闪烁的光对我有影响，换一种方式";

/** requestAnimationFrame the test steps: `frame(t)` runs the callbacks waiting now, with the frame's timestamp. */
function frameClock() {
  let waiting = new Map<number, (t: number) => void>();
  let next = 1;
  window.requestAnimationFrame = (cb) => {
    waiting.set(next, cb);
    return next++;
  };
  window.cancelAnimationFrame = (id) => void waiting.delete(id);
  return {
    frame(t: number) {
      const run = [...waiting.values()];
      waiting = new Map();
      act(() => run.forEach((cb) => cb(t)));
    },
  };
}

function reducedMotion(on: boolean) {
  window.matchMedia = vi.fn((query: string) => ({ matches: on && query === "(prefers-reduced-motion: reduce)", media: query }) as unknown as MediaQueryList);
}

function page(light: NonNullable<OrderConfig["light"]>, url = SILENT) {
  const flow = setupFlow({ url, mediaDevices: { getUserMedia: vi.fn() } });
  const handlers = scriptedHandlers();
  flow.rt.captureHandlers = handlers.registry;
  const service = fakeApi();
  const calls = Object.assign(service.calls, {
    config: vi.fn(async () => ({ will: null, guidance: false, light }) as unknown as OrderConfig),
    light: vi.fn(async () => ({ light: CHALLENGE })),
  });
  const view = renderRecording(flow, VerifyScreen, "action_vertify", service.api);
  return { flow, handlers, service, calls, view };
}

beforeEach(() => {
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {};
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

describe("the light challenge on the recording page", () => {
  it("shows the notice first: no start, no light fetched, until the user chose", async () => {
    const { calls, view, handlers } = page({ required: true, alternative: "1" });
    const notice = await view.findByTestId("light-notice");
    expect(notice.textContent).toContain("录制时屏幕会变换颜色");
    expect(notice.textContent).toContain("随时把视线移开");
    expect(view.queryByRole("button", { name: "开始录制" })).toBeNull();
    expect(calls.light).not.toHaveBeenCalled();
    expect(handlers.made).toHaveLength(0);
    expect(view.container.querySelector("[data-light-color]")).toBeNull();
    fireEvent.click(view.getByRole("button", { name: CONTINUE }));
    await view.findByRole("button", { name: "开始录制" });
    expect(calls.light).toHaveBeenCalledTimes(1);
    expect(view.queryByTestId("light-notice")).toBeNull();
  });

  it("while recording, the overlay carries the colour it shows and changes with the sequence; the times go with the upload", async () => {
    const frames = frameClock();
    let t = 10_000;
    const { flow, handlers, service, view } = page({ required: true, alternative: "1" });
    vi.spyOn(flow.rt.win.performance, "now").mockImplementation(() => t);
    fireEvent.click(await view.findByRole("button", { name: CONTINUE }));
    fireEvent.click(await view.findByRole("button", { name: "开始录制" }));
    const handler = handlers.last();
    expect(handler.request?.light).toEqual(CHALLENGE);
    act(() => handler.emit({ type: "preview", stream: previewStream() }));
    expect(view.container.querySelector("[data-light-color]")).toBeNull();
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    const overlay = await waitFor(() => {
      const found = view.container.querySelector<HTMLElement>("[data-light-color]");
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const colour = () => overlay.getAttribute("data-light-color");
    frames.frame(10_016);
    expect(colour()).toBe("#ffffff");
    frames.frame(10_399);
    expect(colour()).toBe("#ffffff");
    frames.frame(10_416);
    expect(colour()).toBe("#0000ff");
    expect(overlay.style.backgroundColor).toBe("rgb(0, 0, 255)");
    frames.frame(10_933);
    expect(colour()).toBe("#ffff00");
    frames.frame(11_316);
    expect(colour()).toBe("#ff00ff");
    t = 11_500;
    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 1500 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(service.uploads[0]?.meta.light).toEqual([
      { index: 0, atMs: 16 },
      { index: 1, atMs: 416 },
      { index: 2, atMs: 933 },
      { index: 3, atMs: 1316 },
    ]);
  });

  it("action mode: the first action waits for a still lead-in while the colours show, and the window is longer by it", async () => {
    const { handlers, view } = page({ required: true, alternative: "1" }, "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1&live_type=2&traditional_action=1#/action/vertify");
    fireEvent.click(await view.findByRole("button", { name: CONTINUE }));
    fireEvent.click(await view.findByRole("button", { name: "开始录制" }));
    const handler = handlers.last();
    // flows/capture.json: one action 1-3 s, and a second more before it while the light shows.
    expect(handler.request).toMatchObject({ liveMode: "action", actions: ["1"], light: CHALLENGE, promptLeadMs: 1000, durationMs: { min: 1000, max: 4000 } });
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    const prompt = () => view.container.querySelector(".ff-rec-actions")?.textContent ?? "";
    expect(prompt()).toContain("请看着屏幕，保持不动");
    expect(view.container.querySelector("[data-action-code]")).toBeNull();
    act(() => handler.emit({ type: "prompt", actionIndex: 0 }));
    expect(view.container.querySelector("[data-action-code]")?.getAttribute("data-action-code")).toBe("1");
    expect(prompt()).not.toContain("保持不动");
  });

  it("a browser asking for reduced motion takes the alternative at once: digits to read, no notice, no light, no overlay", async () => {
    reducedMotion(true);
    frameClock();
    const { calls, handlers, view } = page({ required: true, alternative: "1" });
    fireEvent.click(await view.findByRole("button", { name: "开始录制" }));
    expect(view.queryByTestId("light-notice")).toBeNull();
    expect(calls.light).not.toHaveBeenCalled();
    expect(calls.digits).toHaveBeenCalledWith(undefined, "lightAlternative");
    const handler = handlers.last();
    expect(handler.request).toMatchObject({ liveMode: "number", digits: "5820", actions: [], audio: true });
    expect(handler.request?.light ?? null).toBeNull();
    expect(view.container.querySelector(".ff-rec-digits__value")?.textContent).toBe("5820");
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.container.querySelector("[data-light-color]")).toBeNull();
  });

  it("the notice's opt-out takes the alternative: no light is ever fetched or shown", async () => {
    frameClock();
    const { calls, handlers, view } = page({ required: true, alternative: "1" });
    fireEvent.click(await view.findByRole("button", { name: OPT_OUT }));
    fireEvent.click(await view.findByRole("button", { name: "开始录制" }));
    expect(calls.light).not.toHaveBeenCalled();
    expect(calls.digits).toHaveBeenCalledWith(undefined, "lightAlternative");
    expect(handlers.last().request).toMatchObject({ liveMode: "number", audio: true });
    act(() => handlers.last().emit({ type: "recording", elapsedMs: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.container.querySelector("[data-light-color]")).toBeNull();
  });

  it("where the definitions name no alternative, the notice offers leaving instead, never a silent pass", async () => {
    const { view } = page({ required: true, alternative: null });
    await view.findByTestId("light-notice");
    expect(view.queryByRole("button", { name: OPT_OUT })).toBeNull();
    expect(view.getByRole("button", { name: "退出验证" })).not.toBeNull();
  });
});
