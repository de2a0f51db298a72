/**
 * The real-time pages' view models (src/flow/attempt/realtimeView.ts) without a DOM: for a
 * state of the attempt, the line under the viewport, the foot, the 3-2-1 and the needs line,
 * read in the shipped zh-CN texts.
 */
import { describe, expect, it } from "vitest";
import { INITIAL_ATTEMPT_STATE } from "../../../src/flow/attempt/attemptState";
import { selectRealtimeFoot, selectRealtimeHint, selectShowsNeeds } from "../../../src/flow/attempt/realtimeView";
import { selectCountdown, selectRealtimeStage } from "../../../src/flow/attempt/selectors";
import { ACTION_REQUEST, event, recordingFor, shown, stateAfter, zh } from "./viewStates";

const ready = stateAfter("trtc", ACTION_REQUEST);
const opening = stateAfter("trtc", ACTION_REQUEST, { type: "started" });
const countdown = stateAfter("trtc", ACTION_REQUEST, { type: "started" }, event({ type: "countdown", secondsLeft: 2 }));
const recording = stateAfter("trtc", ACTION_REQUEST, ...recordingFor(1200));

describe("the line under a real-time page's viewport", () => {
  it("says what the page does at each moment, the seconds left in the 3-2-1", () => {
    expect(shown(selectRealtimeHint(INITIAL_ATTEMPT_STATE, "trtc"))).toBe("正在准备…");
    expect(shown(selectRealtimeHint(ready, "trtc"))).toBe("准备好后点击开始，过程中请保持面部在框内");
    expect(shown(selectRealtimeHint(opening, "trtc"))).toBe("正在开启摄像头，请在浏览器询问时选择允许");
    expect(shown(selectRealtimeHint(countdown, "trtc"))).toBe("2 秒后开始");
    expect(selectCountdown(countdown)).toBe(2);
    expect(selectCountdown(recording)).toBeNull();
  });

  it("tells a room's recording from a websocket's streaming", () => {
    expect(shown(selectRealtimeHint(recording, "trtc"))).toBe("正在实时录制，请保持面部在框内");
    expect(shown(selectRealtimeHint(stateAfter("websocket", ACTION_REQUEST, ...recordingFor(1200)), "ws"))).toBe("正在采集画面，请保持面部在框内");
    expect(selectRealtimeStage(recording)).toBe("capturing");
  });

  it("says leaving, and leaves the wait (sending, verifying, fetching the verdict) and a kept recording to the views below", () => {
    expect(shown(selectRealtimeHint(stateAfter("trtc", ACTION_REQUEST, { type: "leaving" }), "trtc"))).toBe("正在跳转…");
    for (const wait of [{ type: "checking" }, { type: "uploading" }, { type: "verifying", step: null, progress: 0 }, { type: "settling" }] as const) {
      expect(selectRealtimeHint(stateAfter("trtc", ACTION_REQUEST, wait), "trtc")).toBeNull();
    }
    expect(selectRealtimeHint(stateAfter("trtc", ACTION_REQUEST, { type: "uploadFailed", status: "uploadVideoException" }), "trtc")).toBeNull();
  });
});

describe("the foot of a real-time page", () => {
  it("offers 开始验证, then a disabled 正在开启… while the camera opens", () => {
    const start = selectRealtimeFoot(ready);
    expect(start).toEqual({ kind: "start", enabled: true, label: "start" });
    expect(start.kind === "start" && zh.realtime[start.label]).toBe("开始验证");
    const starting = selectRealtimeFoot(opening);
    expect(starting).toEqual({ kind: "start", enabled: false, label: "starting" });
    expect(starting.kind === "start" && zh.realtime[starting.label]).toBe("正在开启…");
  });

  it("offers stop while recording, resend for a kept recording, and nothing in between", () => {
    expect(selectRealtimeFoot(recording)).toEqual({ kind: "stop" });
    expect(selectRealtimeFoot(stateAfter("trtc", ACTION_REQUEST, { type: "uploadFailed", status: "uploadVideoException" }))).toEqual({ kind: "kept" });
    expect(selectRealtimeFoot(INITIAL_ATTEMPT_STATE)).toEqual({ kind: "none" });
    expect(selectRealtimeFoot(countdown)).toEqual({ kind: "none" });
    expect(selectRealtimeFoot(stateAfter("trtc", ACTION_REQUEST, { type: "uploading" }))).toEqual({ kind: "none" });
  });

  it("says what the page will use only until the user starts", () => {
    expect(selectShowsNeeds(INITIAL_ATTEMPT_STATE)).toBe(true);
    expect(selectShowsNeeds(ready)).toBe(true);
    expect(selectShowsNeeds(opening)).toBe(false);
  });
});
