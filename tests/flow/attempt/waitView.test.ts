/**
 * The wait for the verdict as the page shows it (src/flow/attempt/waitView.ts), reached through
 * the attempt's reducer as a page reaches it: one bar whose first quarter is the upload's bytes
 * sent and whose rest is the service's figure, never going back (a retried upload, an answer out
 * of order), with the line saying where the wait is in every shipped language.
 */
import { describe, expect, it } from "vitest";
import type { VerifyStep } from "../../../schemas/api";
import { attemptReducer, type AttemptAction, type AttemptState } from "../../../src/flow/attempt/attemptState";
import { selectWait, UPLOAD_SHARE, type WaitView } from "../../../src/flow/attempt/waitView";
import { textOf } from "../../../src/ui/screens/textRef";
import { shippedLanguageTexts } from "../../ui/shippedTexts";
import { ACTION_REQUEST, event, NUMBER_REQUEST, recordingFor, stateAfter } from "./viewStates";

const verifying = (step: VerifyStep | null, progress: number): AttemptAction => ({ type: "verifying", step, progress });

/** The bar's figure after each of `actions`, from a page that just recorded. */
function barAlong(start: AttemptState, actions: readonly AttemptAction[]): number[] {
  const figures: number[] = [];
  actions.reduce((state, action) => {
    const next = attemptReducer(state, action);
    figures.push(selectWait(next)?.fraction ?? Number.NaN);
    return next;
  }, start);
  return figures;
}

describe("the wait's bar", () => {
  it("is the upload's share of its first quarter, then the service's figure over the rest", () => {
    const recorded = stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(3000));
    expect(selectWait(recorded)).toBeNull();
    expect(selectWait(stateAfter("recorder", NUMBER_REQUEST, { type: "checking" }))?.fraction).toBe(0);
    expect(selectWait(stateAfter("recorder", NUMBER_REQUEST, { type: "uploading" }, { type: "uploadProgress", fraction: 0.4 }))?.fraction).toBeCloseTo(UPLOAD_SHARE * 0.4, 9);
    // Uploaded, the service not heard yet: the bar holds at the end of the upload's part.
    expect(selectWait(stateAfter("recorder", NUMBER_REQUEST, verifying(null, 0)))?.fraction).toBe(UPLOAD_SHARE);
    expect(selectWait(stateAfter("recorder", NUMBER_REQUEST, verifying("analysing", 0.6)))?.fraction).toBeCloseTo(UPLOAD_SHARE + (1 - UPLOAD_SHARE) * 0.6, 9);
    expect(selectWait(stateAfter("recorder", NUMBER_REQUEST, { type: "settling" }))?.fraction).toBe(1);
  });

  it("never goes back: a retried upload holds until it passes the try before, an answer out of order is not shown", () => {
    const recorded = stateAfter("recorder", NUMBER_REQUEST, ...recordingFor(3000));
    const figures = barAlong(recorded, [
      { type: "checking" },
      { type: "uploading" },
      { type: "uploadProgress", fraction: 0.6 },
      // The first try broke; the retry reports from zero.
      { type: "uploadProgress", fraction: 0.1 },
      { type: "uploadProgress", fraction: 0.8 },
      { type: "uploadProgress", fraction: 1 },
      verifying(null, 0),
      verifying("queued", 0),
      verifying("decoding", 0),
      verifying("analysing", 0.3),
      verifying("analysing", 0.55),
      // A poll answered by an instance that does not run the job.
      verifying("queued", 0),
      verifying(null, 0),
      verifying("deciding", 0.97),
      { type: "settling" },
    ]);
    for (let i = 1; i < figures.length; i++) expect(figures[i], `after action ${i}`).toBeGreaterThanOrEqual(figures[i - 1] as number);
    expect(figures[3]).toBeCloseTo(UPLOAD_SHARE * 0.6, 9);
    expect(figures.at(-1)).toBe(1);
  });

  it("keeps the step it showed when an answer out of order comes", () => {
    const state = stateAfter("recorder", NUMBER_REQUEST, verifying("analysing", 0.55), verifying("queued", 0));
    expect(state.phase).toEqual({ name: "verifying", step: "analysing", progress: 0.55 });
  });

  it("starts a stream's wait where an upload's ends: its frames are with the service", () => {
    const streamed = stateAfter("websocket", ACTION_REQUEST, ...recordingFor(2000), event({ type: "progress", fraction: 0.99 }));
    expect(selectWait(streamed)).toEqual({ status: { section: "verifying", key: "waiting" }, fraction: UPLOAD_SHARE, submitted: true });
  });
});

describe("the wait's line", () => {
  const phases: [string, AttemptAction[]][] = [
    ["checking", [{ type: "checking" }]],
    ["uploading", [{ type: "uploading" }]],
    ["asked", [verifying(null, 0)]],
    ["queued", [verifying("queued", 0)]],
    ["analysing", [verifying("analysing", 0.4)]],
    ["settling", [{ type: "settling" }]],
  ];
  const expected: Record<string, string[]> = {
    "zh-CN": ["正在检查视频…", "正在上传视频", "正在查询核验进度…", "排队中", "分析人脸", "正在获取验证结果…"],
    "zh-TW": ["正在檢查影片…", "正在上傳影片", "正在查詢核驗進度…", "排隊中", "分析人臉", "正在取得驗證結果…"],
    en: ["Checking the video…", "Uploading video", "Checking verification progress…", "Waiting in queue", "Analyzing face", "Getting the verification result…"],
  };

  for (const [tag, lines] of Object.entries(expected)) {
    it(`says where the wait is in ${tag}, and whether the recording is still being sent`, () => {
      const { texts } = shippedLanguageTexts(tag);
      const views = phases.map(([, actions]) => selectWait(stateAfter("recorder", NUMBER_REQUEST, ...actions)) as WaitView);
      expect(views.map((view) => textOf<"capture" | "verifying" | "verifySteps">(texts, view.status))).toEqual(lines);
      expect(views.map((view) => view.submitted)).toEqual([false, false, true, true, true, true]);
    });
  }
});
