// @vitest-environment jsdom
/**
 * Names and descriptions a screen reader gives the recording page's controls and prompt: the
 * camera switch says which camera films, and the digits are read one by one.
 */
import { act, cleanup, fireEvent } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import VerifyScreen from "../../../src/ui/screens/VerifyScreen";
import { setupFlow } from "../screens/harness";
import { fakeApi, previewStream, renderRecording, scriptedHandlers } from "../screens/recordingHarness";

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1";

beforeEach(() => {
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {};
});
afterEach(() => {
  cleanup();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

function page(handlers = scriptedHandlers()) {
  const flow = setupFlow({ url: `${LAUNCH}#/vertify`, mediaDevices: { getUserMedia: vi.fn() } });
  flow.rt.captureHandlers = handlers.registry;
  return renderRecording(flow, VerifyScreen, "vertify", fakeApi().api);
}

describe("names on the recording page", () => {
  it("the camera switch is named 切换摄像头 and described by the camera filming now", async () => {
    const view = page();
    const button = await view.findByRole("button", { name: "切换摄像头", description: "当前为前置摄像头" });
    fireEvent.click(button);
    expect(view.getByRole("button", { name: "切换摄像头", description: "当前为后置摄像头" })).toBeTruthy();
  });

  it("the digits are read one by one, the large ones being for the eye only", async () => {
    const view = page();
    await view.findByRole("button", { name: "开始录制" });
    const value = view.container.querySelector(".ff-rec-digits__value")!;
    expect(value.getAttribute("aria-hidden")).toBe("true");
    expect(value.nextElementSibling?.textContent).toBe("5 8 2 0");
    expect(value.nextElementSibling?.closest("[aria-hidden]")).toBeNull();
    expect(value.getAttribute("aria-label")).toBeNull();
  });
});

describe("keyboard on the recording page", () => {
  it("the button pressed to start stays the focused button through 正在开启 to 完成录制, unavailable without losing focus", async () => {
    const handlers = scriptedHandlers();
    const view = page(handlers);
    const start = await view.findByRole("button", { name: "开始录制" });
    start.focus();
    fireEvent.click(start);
    const handler = handlers.last();
    act(() => handler.emit({ type: "preview", stream: previewStream() }));
    const waiting = view.getByRole("button", { name: "完成录制" });
    expect(waiting).toBe(start);
    // aria-disabled, not disabled: a disabled button drops the focus to <body>.
    expect(waiting.hasAttribute("disabled")).toBe(false);
    expect(waiting.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(waiting);
    expect(handler.stops).toBe(0);
    act(() => handler.emit({ type: "recording", elapsedMs: 2500 }));
    expect(waiting.getAttribute("aria-disabled")).toBe("false");
    expect(document.activeElement).toBe(start);
    fireEvent.click(waiting);
    expect(handler.stops).toBe(1);
  });
});
