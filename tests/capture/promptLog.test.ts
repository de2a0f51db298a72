/**
 * When the page showed each prompt, on the recording's clock: what goes into the upload's
 * meta.prompts, valid for its schema.
 */
import { describe, expect, it } from "vitest";
import { uploadMetaSchema } from "../../schemas/api";
import { createPromptLog, promptsShownBefore } from "../../src/capture/promptLog";

const metaWith = (prompts: unknown) => ({ posArr: [1, 2], messageId: "a".repeat(64), durationMs: 3000, mimeType: "video/webm", size: 1, prompts });

describe("createPromptLog", () => {
  it("times each prompt from the recording's start; what was on screen before is at 0", () => {
    let t = 1_000;
    const log = createPromptLog(() => t);
    log.shown({ what: "digits" });
    t = 5_000;
    log.recordingStarted();
    log.shown({ what: "question" });
    t = 5_012.6;
    log.shown({ what: "action", index: 0, action: "2" });
    t = 7_400;
    log.shown({ what: "action", index: 1, action: "3" });
    // The same prompt shown again (a re-render, a late event) keeps its first time.
    t = 8_000;
    log.shown({ what: "action", index: 1, action: "3" });
    expect(log.prompts()).toEqual([
      { what: "question", atMs: 0 },
      { what: "action", action: "2", atMs: 13 },
      { what: "action", action: "3", atMs: 2_400 },
    ]);
    expect(uploadMetaSchema.safeParse(metaWith(log.prompts())).success).toBe(true);
  });

  it("a new recording starts a new log; an action asked twice is two prompts; unknown codes are left out", () => {
    let t = 0;
    const log = createPromptLog(() => t);
    log.recordingStarted();
    log.shown({ what: "action", index: 0, action: "1" });
    t = 100;
    log.recordingStarted();
    t = 300;
    log.shown({ what: "action", index: 0, action: "2" });
    t = 900;
    log.shown({ what: "action", index: 1, action: "2" });
    log.shown({ what: "action", index: 2, action: "9" });
    expect(log.prompts()).toEqual([
      { what: "action", action: "2", atMs: 200 },
      { what: "action", action: "2", atMs: 800 },
    ]);
  });

  it("never reports more than the schema takes, nor a time outside its bounds", () => {
    let t = 0;
    const log = createPromptLog(() => t);
    log.recordingStarted();
    for (let i = 0; i < 12; i++) log.shown({ what: "action", index: i, action: "4" });
    t = 10_000_000;
    log.shown({ what: "question" });
    const prompts = log.prompts();
    expect(prompts).toHaveLength(8);
    expect(uploadMetaSchema.safeParse(metaWith(prompts)).success).toBe(true);
  });
});

describe("promptsShownBefore (system camera, messaging app)", () => {
  it("puts everything the page asked at 0", () => {
    expect(promptsShownBefore({ liveMode: "number", will: false, digits: "1234", actions: [], question: null })).toEqual([{ what: "digits", atMs: 0 }]);
    expect(promptsShownBefore({ liveMode: "action", will: true, digits: null, actions: ["2", "4"], question: "同意吗？" })).toEqual([
      { what: "action", action: "2", atMs: 0 },
      { what: "action", action: "4", atMs: 0 },
      { what: "question", atMs: 0 },
    ]);
    expect(promptsShownBefore({ liveMode: "silent", will: false, digits: null, actions: [], question: null })).toEqual([]);
  });
});
