// @vitest-environment jsdom
/**
 * The recording page with on-device face guidance, over a face session the test drives (the
 * worker and its models do not run in jsdom; e2e/face.spec.ts runs them in Chromium):
 * hints while the camera is live, a guided recording that stops itself once its check is
 * done and uploads its evidence frames, the action-failure view when an action never came,
 * and the catalogue's "face not recognised" after repeated failures (the guard, not run here,
 * puts the action pages under /action/).
 */
import { act, cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FaceSessionOptions } from "../../../src/face/browser/faceSession";
import type { FrameObservation } from "../../../src/domain/face/types";
import VerifyScreen from "../../../src/ui/screens/VerifyScreen";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { faceFrames, frameOf, NEUTRAL, syntheticFace } from "../../face/syntheticFace";
import { setupFlow } from "./harness";
import { fakeApi, previewStream, recordingBlob, renderRecording, scriptedHandlers } from "./recordingHarness";

const driven = vi.hoisted(() => ({ sessions: [] as { options: FaceSessionOptions; loaded(): void; keeping: boolean; kept: Map<number, Blob>; stopped: boolean }[] }));

vi.mock("../../../src/ui/screens/recording/guidance/faceGuidanceKit", async () => {
  const actual = await vi.importActual<typeof import("../../../src/ui/screens/recording/guidance/faceGuidanceKit")>("../../../src/ui/screens/recording/guidance/faceGuidanceKit");
  return {
    ...actual,
    startFaceSession(options: FaceSessionOptions) {
      let resolveReady: (ok: boolean) => void = () => undefined;
      const state = { options, loaded: () => resolveReady(true), keeping: false, kept: new Map<number, Blob>(), stopped: false };
      driven.sessions.push(state);
      return {
        ready: new Promise<boolean>((resolve) => (resolveReady = resolve)),
        keepFrames: (on: boolean) => void (state.keeping = on),
        frames: async (atMs: number[]) => atMs.flatMap((at) => (state.kept.has(at) ? [{ atMs: at, jpeg: state.kept.get(at)! }] : [])),
        stats: () => ({ frames: state.kept.size, medianFrameMs: 52 }),
        stop: () => void (state.stopped = true),
      };
    },
  };
});

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1";

beforeEach(() => {
  driven.sessions.length = 0;
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {};
});

afterEach(() => {
  cleanup();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

/** A light challenge (schemas/lightChallenge.ts) for the orders that show one. */
const LIGHT = { segments: [{ color: "white", ms: 400 }, { color: "blue", ms: 500 }, { color: "yellow", ms: 400 }, { color: "magenta", ms: 600 }] } as const;

function page(url: string, routeName: string, guidance = true, options: { light?: boolean } = {}) {
  const flow = setupFlow({ url, mediaDevices: { getUserMedia: vi.fn() } });
  const handlers = scriptedHandlers();
  flow.rt.captureHandlers = handlers.registry;
  const service = fakeApi({ guidance });
  if (options.light) {
    Object.assign(service.calls, {
      config: vi.fn(async () => ({ will: null, guidance, light: { required: true, alternative: "1" } })),
      light: vi.fn(async () => ({ light: LIGHT })),
    });
  }
  const view = renderRecording(flow, VerifyScreen, routeName, service.api);
  return { flow, handlers, service, view };
}

const session = () => {
  const last = driven.sessions.at(-1);
  if (!last) throw new Error("no face session was started");
  return last;
};

/** Analysed frames as the worker would answer them, `at` ms after `base` on the page's clock. */
function push(frames: FrameObservation[], base: number) {
  const s = session();
  act(() => {
    for (const frame of frames) {
      const atMs = base + frame.atMs;
      if (s.keeping) s.kept.set(atMs, new Blob([`jpeg@${frame.atMs}`], { type: "image/jpeg" }));
      s.options.onFrame({ ...frame, atMs }, { frameMs: 50, workerMs: 45 });
    }
  });
}

/** Start, camera live, guidance loaded: the page is ready for the countdown. */
async function openGuided(view: ReturnType<typeof page>["view"], handlers: ReturnType<typeof page>["handlers"]) {
  fireEvent.click(await view.findByRole("button", { name: "开始录制" }));
  const handler = handlers.last();
  act(() => handler.emit({ type: "preview", stream: previewStream() }));
  await waitFor(() => expect(driven.sessions).toHaveLength(1));
  expect(view.container.querySelector(".ff-guidance-hint")?.textContent).toBe("正在启动人脸检测…");
  await act(async () => session().loaded());
  return handler;
}

const hint = (view: ReturnType<typeof page>["view"]) => view.container.querySelector(".ff-guidance-hint");

describe("face guidance on the recording page", () => {
  it("says what is wrong with the picture, and that all is well once a single face is centred", async () => {
    const { view, handlers } = page(`${LAUNCH}#/action/vertify`, "action_vertify");
    await openGuided(view, handlers);
    push([frameOf(0, [])], 0);
    expect(hint(view)?.textContent).toBe("未检测到人脸，请将面部移入框内");
    push([frameOf(100, [], 10)], 0);
    expect(hint(view)?.textContent).toBe("光线太暗，请到明亮处");
    push(faceFrames([[0, {}]], { durationMs: 0 }), 200);
    expect(hint(view)?.textContent).toBe("很好，请保持");
    expect(view.container.querySelector(".ff-guidance-box--ok")).not.toBeNull();
  });

  it("a screen reader hears a hint once it has held a second, not each frame's flicker; the visible hint is not live", async () => {
    const { view, handlers } = page(`${LAUNCH}#/action/vertify`, "action_vertify");
    await openGuided(view, handlers);
    const region = view.container.querySelector<HTMLElement>('[data-channel="hint"]')!;
    expect(region.getAttribute("aria-live")).toBe("polite");
    const heard: string[] = [];
    const observer = new MutationObserver(() => region.textContent && heard.push(region.textContent));
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    for (let frame = 0; frame < 20; frame++) push([frameOf(frame * 50, [], frame % 2 === 0 ? undefined : 10)], 0);
    expect(hint(view)?.textContent).toBe("光线太暗，请到明亮处");
    push(faceFrames([[0, {}]], { durationMs: 0 }), 1200);
    expect(hint(view)?.textContent).toBe("很好，请保持");
    await waitFor(() => expect(region.textContent).toBe("很好，请保持"), { timeout: 3000 });
    observer.disconnect();
    expect(heard).toEqual(["很好，请保持"]);
    expect(hint(view)?.closest("[aria-live]")).toBeNull();
  });

  it("silent mode: the recording stops by itself once the face held still, and the upload carries the evidence frames", async () => {
    const { flow, view, handlers, service } = page(`${LAUNCH}&live_type=3#/action/vertify`, "action_vertify");
    const handler = await openGuided(view, handlers);
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    const start = performance.now();
    push(faceFrames([[0, {}]], { durationMs: 1600 }), start + 1);
    expect(handler.stops).toBe(1);
    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 1700 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    const [upload] = service.uploads;
    expect(upload?.meta.guidance).toMatchObject({ status: "on", reason: null, done: true, medianFrameMs: 52 });
    expect(upload?.options?.frames?.length).toBe(upload?.meta.guidance?.evidenceAtMs.length);
    expect(upload?.options?.frames?.length).toBeGreaterThan(0);
    expect(session().stopped).toBe(true);
  });

  it("silent mode showing light: the held face does not stop the recording early, since the service judges the face's answer over several colour changes", async () => {
    const { view, handlers } = page(`${LAUNCH}&live_type=3#/action/vertify`, "action_vertify", true, { light: true });
    fireEvent.click(await view.findByRole("button", { name: "我知道了，继续" }));
    const handler = await openGuided(view, handlers);
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    push(faceFrames([[0, {}]], { durationMs: 1600 }), performance.now() + 1);
    // Guidance saw the check done, yet the recording's own window ends it (the handler's max).
    expect(hint(view)?.textContent).toBe("已完成");
    expect(handler.stops).toBe(0);
  });

  it("action mode, guided: each action is prompted once the one before was seen done, and reported at that moment", async () => {
    let t = 20_000;
    const { flow, view, handlers, service } = page(`${LAUNCH}&live_type=2&traditional_action=2,3#/action/vertify`, "action_vertify");
    vi.spyOn(flow.rt.win.performance, "now").mockImplementation(() => t);
    const handler = await openGuided(view, handlers);
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    const { eye, mouth } = NEUTRAL;
    const frames = faceFrames(
      [[0, {}], [500, { eye }], [625, { eye: 0.05 }], [750, { eye: 0.05 }], [875, { eye }], [1500, { mouth }], [1800, { mouth: 0.6 }], [2100, { mouth: 0.6 }], [2400, { mouth }]],
      { durationMs: 2800 },
    );
    const now = () => view.container.querySelector(".ff-rec-actions__now")?.textContent;
    // Guidance's first action waits for the recorder's first prompt (at once without the light's lead-in).
    expect(now()).toBeUndefined();
    act(() => handler.emit({ type: "prompt", actionIndex: 0 }));
    push(frames.filter((f) => f.atMs < 600), t + 1);
    expect(now()).toBe("第 1/2 个动作请眨眼");
    // The recorder's own timed prompt is not what the page shows in a guided recording.
    act(() => handler.emit({ type: "prompt", actionIndex: 1 }));
    expect(now()).toBe("第 1/2 个动作请眨眼");
    t += 1_100;
    push(frames.filter((f) => f.atMs >= 600 && f.atMs < 1_400), 20_001);
    expect(now()).toBe("第 2/2 个动作请张嘴");
    t += 1_500;
    push(frames.filter((f) => f.atMs >= 1_400), 20_001);
    expect(handler.stops).toBe(1);
    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 2_700 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(service.uploads[0]?.meta.prompts).toEqual([
      { what: "action", action: "2", atMs: 0 },
      { what: "action", action: "3", atMs: 1_100 },
    ]);
  });

  it("action mode: an action never seen ends in the action-failure view without an upload; 重新录制 starts over, and the third failure is the catalogue's face error", async () => {
    const { flow, view, handlers, service } = page(`${LAUNCH}&live_type=2&traditional_action=2#/action/vertify`, "action_vertify");
    for (let attempt = 1; attempt <= 3; attempt++) {
      const handler = await openGuided(view, handlers);
      act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
      push(faceFrames([[0, {}]], { durationMs: 2500 }), performance.now() + 1);
      expect(handler.stops).toBe(0);
      act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 2750 }));
      if (attempt < 3) {
        expect(await view.findByRole("heading", { name: "动作检测未通过" })).toBeTruthy();
        fireEvent.click(view.getByRole("button", { name: "重新录制" }));
        driven.sessions.length = 0;
      }
    }
    await waitFor(() => expect(flow.hash()).toBe("/error?status=trtc_faceFailed"));
    expect(service.uploads).toHaveLength(0);
  });

  it("the action-failure view's 退出 hands the user back to the partner, with nothing uploaded", async () => {
    const { flow, view, handlers, service } = page(`${LAUNCH}&live_type=2&traditional_action=2#/action/vertify`, "action_vertify");
    const handler = await openGuided(view, handlers);
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 2750 }));
    fireEvent.click(await view.findByRole("button", { name: "退出" }));
    await act(async () => undefined);
    expect(flow.nav.assign).toHaveBeenCalledTimes(1);
    const back = new URL(String(flow.nav.assign.mock.calls[0]?.[0]));
    expect(back.searchParams.get("orderNo")).toBe("O-1");
    expect(service.uploads).toHaveLength(0);
  });

  it("after 切换摄像头 the back camera's preview and face outline are not mirrored; the front camera's are", async () => {
    // The page's own stylesheet, so what the browser would draw is what is asserted (jsdom cascades it).
    const css = document.createElement("style");
    css.textContent = readFileSync(join(__dirname, "../../../src/ui/screens/styles/recorder.css"), "utf8");
    document.head.append(css);
    try {
      // A face left of centre in the camera's own frame (320x240 shown covering a square).
      const offCentre = (at: number) => push([frameOf(at, [syntheticFace({ at: { cx: 130 } })])], 0);
      const shown = (view: ReturnType<typeof page>["view"]) => {
        const video = view.container.querySelector("video.ff-camera__video");
        const box = view.container.querySelector<HTMLElement>(".ff-guidance-box");
        if (!video || !box) throw new Error("the live preview and the face outline should show");
        return { transform: getComputedStyle(video).transform, left: box.style.left };
      };

      const back = page(`${LAUNCH}#/action/vertify`, "action_vertify");
      fireEvent.click(await back.view.findByRole("button", { name: "切换摄像头" }));
      await openGuided(back.view, back.handlers);
      expect(back.handlers.last().request.facing).toBe("environment");
      offCentre(0);
      // Unmirrored, the face stays on the left, as the back camera films it.
      expect(shown(back.view)).toEqual({ transform: "none", left: "15%" });
      cleanup();
      driven.sessions.length = 0;

      const front = page(`${LAUNCH}#/action/vertify`, "action_vertify");
      await openGuided(front.view, front.handlers);
      offCentre(0);
      expect(shown(front.view)).toEqual({ transform: "scaleX(-1)", left: "40%" });
    } finally {
      css.remove();
    }
  });

  it("with guidance off in the order, nothing is loaded or shown and the upload carries no report", async () => {
    const { flow, view, handlers, service } = page(`${LAUNCH}&live_type=3#/action/vertify`, "action_vertify", false);
    fireEvent.click(await view.findByRole("button", { name: "开始录制" }));
    const handler = handlers.last();
    act(() => handler.emit({ type: "preview", stream: previewStream() }));
    act(() => handler.emit({ type: "recording", elapsedMs: 0 }));
    expect(hint(view)).toBeNull();
    act(() => handler.finish({ kind: "recording", blob: recordingBlob(), mimeType: "video/webm", durationMs: 1700 }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(driven.sessions).toHaveLength(0);
    expect(service.uploads[0]?.meta.guidance).toBeUndefined();
    expect(service.uploads[0]?.options?.frames).toBeUndefined();
  });
});
