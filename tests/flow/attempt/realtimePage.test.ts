/**
 * The real-time pages' one selector (src/flow/attempt/realtimePage.ts): what each page asks
 * of its attempt (the machine's options) and shows around it, from the launch and the route,
 * read in the shipped zh-CN texts where the page shows words.
 */
import { describe, expect, it } from "vitest";
import { selectRealtimePage } from "../../../src/flow/attempt/realtimePage";
import { zh } from "./viewStates";

describe("a real-time page's attempt options and prompt", () => {
  it("real-time video in number mode asks for the microphone (the digits are read aloud) and says so", () => {
    const page = selectRealtimePage({ live_type: "1", rtc_mode_switch: "1" }, { mode: "trtc", will: false });
    expect(page.options).toEqual({ page: "realtime", realtimeMode: "trtc", liveMode: "number", will: false, audio: true, actions: [] });
    expect(zh.recorder[page.needs]).toBe(zh.recorder.needsCameraMic);
    expect(zh.recorder[page.badge]).toBe(zh.recorder.badgeRealtime);
  });

  it("real-time video's will route shows the consent (a nod for will_type 2) and asks for the microphone in action mode too", () => {
    const page = selectRealtimePage({ live_type: "2", traditional_action: "2,3", live_service: "2", will_type: "2" }, { mode: "trtc", will: true });
    expect(page.options).toMatchObject({ liveMode: "action", will: true, audio: true, actions: ["2", "3"] });
    expect(page.prompt).toEqual({ will: true, nod: true, actions: ["2", "3"] });
    // The route, not the launch, makes the will variant: the plain route of a will launch shows no consent.
    const plain = selectRealtimePage({ live_type: "2", traditional_action: "2,3", live_service: "2" }, { mode: "trtc", will: false });
    expect(plain.prompt.will).toBe(false);
    expect(plain.options).toMatchObject({ will: false, audio: false });
    expect(zh.recorder[plain.needs]).toBe(zh.recorder.needsCamera);
  });

  it("the stream never asks for the microphone nor shows a consent, in any mode", () => {
    for (const launch of [{ live_type: "1" as const }, { live_type: "2" as const, traditional_action: "1" }, { live_type: "3" as const, live_service: "2" as const, will_type: "2" }]) {
      const page = selectRealtimePage({ ...launch, ws_mode_switch: "1" }, { mode: "ws" });
      expect(page.options).toMatchObject({ page: "realtime", realtimeMode: "ws", audio: false });
      expect(page.prompt).toMatchObject({ will: false, nod: false });
      expect(zh.recorder[page.needs]).toBe(zh.recorder.needsCamera);
      expect(zh.recorder[page.badge]).toBe(zh.recorder.badgeStream);
    }
  });

  it("the stream's attempt knows a will launch (it forwards on arrival) and asks the launch's actions in action mode only", () => {
    expect(selectRealtimePage({ live_type: "3", live_service: "2" }, { mode: "ws" }).options).toMatchObject({ liveMode: "silent", will: true });
    expect(selectRealtimePage({ live_type: "1", traditional_action: "1,2" }, { mode: "ws" }).options.actions).toEqual([]);
    expect(selectRealtimePage({ live_type: "2", traditional_action: "4,1" }, { mode: "ws" }).prompt.actions).toEqual(["4", "1"]);
  });
});
