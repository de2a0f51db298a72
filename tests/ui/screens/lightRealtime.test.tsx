// @vitest-environment jsdom
/**
 * The light challenge on the frame stream's page (/action/ws/record): the notice comes first,
 * the sequence is fetched on the user's choice and handed to the stream's request; the opt-out
 * leaves for the recording page, since a stream of pictures cannot carry the digits read aloud.
 */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CaptureOutcome } from "../../../src/capture/contract";
import type { LightChallenge } from "../../../schemas/lightChallenge";
import WsRecordScreen from "../../../src/ui/screens/WsRecordScreen";
import { fakeCaptureHandlers } from "../../capture/fakeHandlers";
import { orderConfig } from "../../capture/websocketHandlerFakes";
import { setupFlow } from "./harness";

const CHALLENGE: LightChallenge = { segments: ["white", "blue", "yellow", "magenta"].map((color) => ({ color: color as "white", ms: 500 })) };

function stubService() {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      calls.push(input);
      if (input.includes("/api/v1/config")) return new Response(JSON.stringify(orderConfig({ liveType: "3", light: { required: true, alternative: "1" } })), { status: 200 });
      if (input.endsWith("/api/v1/light")) return new Response(JSON.stringify({ light: CHALLENGE }), { status: 200 });
      return new Response(JSON.stringify({ code: "NOT_FOUND", message: input }), { status: 404 });
    }),
  );
  return calls;
}

function wsPage() {
  const pending: CaptureOutcome = { kind: "cancelled" };
  const flow = setupFlow({ url: "/?live_type=3&ws_mode_switch=1#/action/ws/record", cookies: { order_no: "ORDER-0001-abcdef" }, mediaDevices: { getUserMedia: vi.fn() } });
  const handlers = fakeCaptureHandlers({ outcome: pending });
  flow.rt.captureHandlers = handlers.registry;
  flow.renderScreen(WsRecordScreen, "action_ws_record");
  return { flow, log: handlers.log };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the light on the frame stream's page", () => {
  it("shows the notice before the start, then streams with the drawn sequence", async () => {
    const calls = stubService();
    const { log } = wsPage();
    await screen.findByTestId("light-notice");
    expect(screen.queryByRole("button", { name: "开始验证" })).toBeNull();
    expect(calls.some((c) => c.endsWith("/api/v1/light"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "我知道了，继续" }));
    fireEvent.click(await screen.findByRole("button", { name: "开始验证" }));
    await waitFor(() => expect(log.started).toHaveLength(1));
    expect(log.started[0]?.request.light).toEqual(CHALLENGE);
  });

  it("the opt-out leaves for the recording page without fetching any light", async () => {
    const calls = stubService();
    const { flow, log } = wsPage();
    fireEvent.click(await screen.findByRole("button", { name: "闪烁的光对我有影响，换一种方式" }));
    await waitFor(() => expect(flow.hash()).toBe("/action/vertify"));
    expect(calls.some((c) => c.endsWith("/api/v1/light"))).toBe(false);
    expect(log.started).toHaveLength(0);
  });
});
