import { describe, expect, it } from "vitest";
import { storedValueSchemas, videoResultSchema, willResultValuesSchema } from "../../schemas/session";

describe("session schemas", () => {
  const video = { messageId: "m1", sessionId: "s1", videoFile: "AAAA", posArr: [12, 300] };

  it("accepts a video result whose second cut lies after the first", () => {
    expect(videoResultSchema.safeParse(video).success).toBe(true);
  });

  it.each([
    ["second cut before first", [300, 12]],
    ["equal cuts", [5, 5]],
    ["non-integer cut", [1.5, 3]],
    ["three cuts", [1, 2, 3]],
    ["zero cut", [0, 3]],
  ])("rejects a video result with %s", (_label, posArr) => {
    expect(videoResultSchema.safeParse({ ...video, posArr }).success).toBe(false);
  });

  it("requires the will fields only for will-mode results", () => {
    expect(storedValueSchemas.resultValues.safeParse({ code: "0", sign: "s" }).success).toBe(true);
    expect(willResultValuesSchema.safeParse({ code: "0", sign: "s" }).success).toBe(false);
    expect(willResultValuesSchema.safeParse({ code: "0", willCode: "0", faceCode: "0", similarity: "98.5" }).success).toBe(true);
  });

  it("rejects a downgrade reason the spec does not define", () => {
    const state = {
      supportTrtc: true, supportWs: true, trtcFrontErrorTimes: 0, wsFrontErrorTimes: 0, videoProfile: "",
      deviceInfo: { trtc: 1, h5conf: [1, -5], h5downgrade: [7] },
    };
    expect(storedValueSchemas.sessionState.safeParse(state).success).toBe(false);
    expect(storedValueSchemas.sessionState.safeParse({ ...state, deviceInfo: { ...state.deviceInfo, h5downgrade: [6] } }).success).toBe(true);
  });

  it("rejects empty stored login signs and auth codes", () => {
    expect(storedValueSchemas.loginSign.safeParse("").success).toBe(false);
    expect(storedValueSchemas.wxAuthCode.safeParse("").success).toBe(false);
    expect(storedValueSchemas.noRetry.safeParse("true").success).toBe(false);
  });
});
