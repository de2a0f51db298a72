/**
 * The recording pages' view models (src/flow/attempt/recordingView.ts) without a DOM: for a
 * state of the attempt, what the foot offers, what the line under the viewport says, what lies
 * over the viewport, and the switch notice, read in the shipped zh-CN texts.
 */
import { describe, expect, it } from "vitest";
import { recordingPlan } from "../../../src/capture/recorder/recordingPlan";
import { attemptReducer, INITIAL_ATTEMPT_STATE, type AttemptAction } from "../../../src/flow/attempt/attemptState";
import {
  selectCameraSwitch,
  selectGuidanceFailure,
  selectRecordingFoot,
  selectRecordingHint,
  selectRecordingOverlay,
  selectSwitchedNotice,
} from "../../../src/flow/attempt/recordingView";
import { selectNeeds, selectRecordingStage, selectShowsNeeds } from "../../../src/flow/attempt/selectors";
import { ACTION_REQUEST, event, NUMBER_REQUEST, recordingFor, shown, stateAfter, zh } from "./viewStates";

const plan = recordingPlan({ window: NUMBER_REQUEST.durationMs, actions: [], will: false, leadMs: 0 });

describe("the recording page's foot", () => {
  it("is a disabled 正在准备… while the page prepares", () => {
    const foot = selectRecordingFoot(INITIAL_ATTEMPT_STATE, null);
    expect(foot).toEqual({ kind: "busy", label: "preparing" });
    expect(foot.kind === "busy" && zh.capture[foot.label]).toBe("正在准备…");
  });

  it("offers 开始录制 with the in-page recorder and 拍摄视频 with the system camera, also while the chooser is open", () => {
    expect(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST), plan)).toEqual({ kind: "start", label: "startRecord" });
    expect(selectRecordingFoot(stateAfter("fileInput", NUMBER_REQUEST), plan)).toEqual({ kind: "start", label: "startFile" });
    const picking = stateAfter("fileInput", NUMBER_REQUEST, { type: "started" });
    expect(selectRecordingStage(picking)).toBe("picking");
    const foot = selectRecordingFoot(picking, plan);
    expect(foot.kind === "start" && zh.capture[foot.label]).toBe("拍摄视频");
  });

  it("keeps stop disabled before the plan's earliest stop and enables it from there", () => {
    expect(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST, { type: "started" }, event({ type: "countdown", secondsLeft: 2 })), plan)).toEqual({ kind: "stop", enabled: false });
    expect(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(plan.earliestStopMs - 1)), plan)).toEqual({ kind: "stop", enabled: false });
    expect(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(plan.earliestStopMs)), plan)).toEqual({ kind: "stop", enabled: true });
  });

  it("is empty from the hand-over to the verdict: checking, sending, verifying and fetching the verdict are the 核验中 view's (waitView.ts)", () => {
    const waiting: AttemptAction[][] = [
      [{ type: "checking" }],
      [{ type: "checking" }, { type: "uploading" }, { type: "uploadProgress", fraction: 0.404 }],
      [{ type: "verifying", step: "analysing", progress: 0.5 }],
      [{ type: "settling" }],
    ];
    for (const actions of waiting) expect(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST, ...actions), plan)).toEqual({ kind: "wait" });
  });

  it("offers resend and give up for a kept recording, and nothing once guidance failed", () => {
    expect(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST, { type: "uploadFailed", status: "uploadVideoException" }), plan)).toEqual({ kind: "kept" });
    const failed = stateAfter("recorder", ACTION_REQUEST, { type: "guidanceFailed", reason: "action" });
    expect(selectRecordingFoot(failed, plan)).toEqual({ kind: "none" });
    expect(selectGuidanceFailure(failed)).toBe("action");
    expect(selectGuidanceFailure(stateAfter("recorder", ACTION_REQUEST))).toBeNull();
  });

  it("says 正在获取验证结果… while leaving and 正在开启摄像头… while the camera opens", () => {
    const label = (foot: ReturnType<typeof selectRecordingFoot>) => (foot.kind === "busy" ? zh.capture[foot.label] : foot.kind);
    expect(label(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST, { type: "leaving" }), plan))).toBe("正在获取验证结果…");
    expect(label(selectRecordingFoot(stateAfter("recorder", NUMBER_REQUEST, { type: "started" }), plan))).toBe("正在开启摄像头…");
  });
});

describe("the line under the recording page's viewport", () => {
  it("asks to open the camera, then says what each moment of recording wants", () => {
    expect(shown(...selectRecordingHint(stateAfter("recorder", NUMBER_REQUEST), plan))).toBe("点击下方按钮开启摄像头");
    expect(shown(...selectRecordingHint(stateAfter("recorder", NUMBER_REQUEST, { type: "started" }), plan))).toBe("正在开启摄像头，请在浏览器询问时选择允许");
    expect(shown(...selectRecordingHint(stateAfter("recorder", NUMBER_REQUEST, { type: "started" }, event({ type: "countdown", secondsLeft: 3 })), plan))).toBe(
      "即将开始录制，请正对屏幕",
    );
    expect(shown(...selectRecordingHint(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(plan.earliestStopMs - 1)), plan))).toBe("请继续录制，稍后可点击完成");
    expect(shown(...selectRecordingHint(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(plan.earliestStopMs)), plan))).toBe("可以点击“完成录制”结束");
  });

  it("tells the system camera's user the window in seconds, and to read the digits in number mode", () => {
    expect(shown(...selectRecordingHint(stateAfter("fileInput", NUMBER_REQUEST), plan))).toBe(
      "将打开手机相机，请使用前置摄像头录制一段 3–8 秒的视频。录制时请朗读上方数字。",
    );
    const short = { ...ACTION_REQUEST, durationMs: { min: 500, max: 4250 } };
    expect(shown(...selectRecordingHint(stateAfter("fileInput", short), plan))).toBe("将打开手机相机，请使用前置摄像头录制一段 1–4.3 秒的视频。");
    expect(shown(...selectRecordingHint(stateAfter("fileInput", NUMBER_REQUEST, { type: "started" }), plan))).toBe("请在相机中完成录制，完成后回到此页面");
  });

  it("is empty from the hand-over on, where the 核验中 view or the foot speaks", () => {
    expect(selectRecordingHint(stateAfter("recorder", NUMBER_REQUEST, { type: "uploading" }), plan)).toEqual([]);
    expect(selectRecordingHint(stateAfter("recorder", NUMBER_REQUEST, { type: "uploadFailed", status: "uploadVideoException" }), plan)).toEqual([]);
  });
});

describe("over the recording page's viewport", () => {
  it("counts down, then shows the seconds and the ring's share of the way to the automatic stop", () => {
    expect(selectRecordingOverlay(stateAfter("recorder", NUMBER_REQUEST), plan)).toEqual({ kind: "none" });
    expect(selectRecordingOverlay(stateAfter("recorder", NUMBER_REQUEST, { type: "started" }, event({ type: "countdown", secondsLeft: 2 })), plan)).toEqual({
      kind: "countdown",
      secondsLeft: 2,
    });
    const half = plan.autoStopMs / 2;
    expect(selectRecordingOverlay(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(half)), plan)).toEqual({
      kind: "recording",
      done: 0.5,
      seconds: (half / 1000).toFixed(1),
    });
    expect(selectRecordingOverlay(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(2340)), plan)).toMatchObject({ seconds: "2.3" });
    expect(selectRecordingOverlay(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(plan.autoStopMs + 500)), plan)).toMatchObject({ done: 1 });
  });
});

describe("the recording page's notices", () => {
  it("says why it switched to the system camera, and nothing when it did not", () => {
    expect(selectSwitchedNotice(stateAfter("recorder", NUMBER_REQUEST))).toBeNull();
    const noCamera = stateAfter("recorder", NUMBER_REQUEST, { type: "switched", kind: "fileInput", reason: "noCamera", cameraSwitch: true });
    expect(zh.capture[selectSwitchedNotice(noCamera) ?? "switched"]).toBe("未检测到可用的摄像头，已改为使用系统相机录制视频。");
    const unanswered = stateAfter("recorder", NUMBER_REQUEST, { type: "switched", kind: "fileInput", reason: "permissionTimeout", cameraSwitch: true });
    expect(selectSwitchedNotice(unanswered)).toBe("switched");
    expect(selectRecordingFoot(unanswered, plan)).toEqual({ kind: "start", label: "startFile" });
  });

  it("says what it will use until the camera shows, and then no more (the line said nothing new under a live camera)", () => {
    expect(selectShowsNeeds(stateAfter("recorder", NUMBER_REQUEST))).toBe(true);
    expect(selectShowsNeeds(stateAfter("recorder", NUMBER_REQUEST, { type: "started" }))).toBe(true);
    expect(selectShowsNeeds(stateAfter("recorder", NUMBER_REQUEST, { type: "started" }, event({ type: "preview", stream: {} as MediaStream })))).toBe(false);
    expect(selectShowsNeeds(stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(1000)))).toBe(false);
  });

  it("says the camera alone, or with the microphone when the page records sound", () => {
    expect(zh.recorder[selectNeeds({ audio: true })]).toBe("将使用摄像头和麦克风");
    expect(zh.recorder[selectNeeds({ audio: false })]).toBe("将使用摄像头");
  });
});

describe("the camera switch (spec §5)", () => {
  /** A page prepared with `kind` where the machine allowed (or not) the camera switch. */
  const prepared = (kind: "recorder" | "fileInput" | "wxVideo", cameraSwitch: boolean, ...actions: AttemptAction[]) =>
    [{ type: "prepared", kind, request: NUMBER_REQUEST, guidance: false, cameraSwitch } as AttemptAction, ...actions].reduce(attemptReducer, INITIAL_ATTEMPT_STATE);
  const switchCamera: AttemptAction = { type: "cameraSwitched" };

  it("offers 切换摄像头 before the start, and switching toggles the camera the attempt asks for", () => {
    const ready = prepared("recorder", true);
    expect(selectCameraSwitch(ready)).toEqual({ label: "switchCamera", facing: "user", current: "cameraFront" });
    expect(zh.recorder.switchCamera).toBe("切换摄像头");
    const back = attemptReducer(ready, switchCamera);
    expect([back.facing, back.request?.facing]).toEqual(["environment", "environment"]);
    // The button's description says which camera films, for those who cannot see the preview.
    expect(zh.recorder[selectCameraSwitch(back)!.current]).toBe("当前为后置摄像头");
    const front = attemptReducer(back, switchCamera);
    expect([front.facing, front.request?.facing]).toEqual(["user", "user"]);
  });

  it("offers none where the machine did not allow it, and a switch there changes nothing", () => {
    const fixed = prepared("recorder", false);
    expect(selectCameraSwitch(fixed)).toBeNull();
    expect(attemptReducer(fixed, switchCamera)).toBe(fixed);
  });

  it("offers none once the start was tapped, and keeps the chosen camera after a reset", () => {
    const opening = prepared("recorder", true, switchCamera, { type: "started" });
    expect(selectCameraSwitch(opening)).toBeNull();
    expect(attemptReducer(opening, switchCamera)).toBe(opening);
    expect(attemptReducer(opening, { type: "reset" }).request?.facing).toBe("environment");
  });

  it("keeps the chosen camera when the recorder falls back to the file input, and goes front for a kind that cannot choose", () => {
    const back = prepared("recorder", true, switchCamera);
    expect(attemptReducer(back, { type: "switched", kind: "fileInput", reason: "noCamera", cameraSwitch: true }).request?.facing).toBe("environment");
    const notChoosing = attemptReducer(back, { type: "switched", kind: "wxVideo", reason: "kindUnusable", cameraSwitch: false });
    expect([notChoosing.facing, notChoosing.request?.facing, selectCameraSwitch(notChoosing)]).toEqual(["user", "user", null]);
  });
});
