// @vitest-environment jsdom
/**
 * Spec §2: "Record-timeout modal, global". The app shell (the root wrapper) holds one modal;
 * the capture pages open it when their camera gives no picture within the wave timeout, with
 * re-record resetting that page's attempt and quit handing the user back to the partner.
 * Pages change under the same shell here as they do under the router: the screen is replaced,
 * the wrapper stays.
 */
import { act, cleanup, fireEvent, render, within } from "@testing-library/react";
import { Suspense, type ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import captureJson from "../../flows/capture.json";
import { nextOf } from "../../src/flow/next";
import { ApiProvider } from "../../src/ui/apiContext";
import { FlowProvider } from "../../src/ui/FlowProvider";
import { routeProps, type AnyScreenComponent, type ScreenComponent } from "../../src/ui/screenContract";
import { ScreenTextsProvider } from "../../src/ui/screenTexts";
import TrtcRecordScreen from "../../src/ui/screens/TrtcRecordScreen";
import VerifyScreen from "../../src/ui/screens/VerifyScreen";
import { ToastHost } from "../../src/ui/ToastHost";
import { Wrapper } from "../../src/ui/Wrapper";
import { setupFlow, type Flow } from "../ui/screens/harness";
import { fakeApi, previewStream, scriptedHandlers } from "../ui/screens/recordingHarness";
import { shippedTexts } from "../ui/shippedTexts";

const LAUNCH = `/?url=${encodeURIComponent("https://p.example/back")}&order_no=O-1&rtc_mode_switch=1&live_type=1&high_light=${encodeURIComponent("网络|重新录制")}`;

beforeEach(() => {
  (window as unknown as { MediaRecorder?: unknown }).MediaRecorder = class {};
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
});

/** The app shell as src/main.tsx builds it, showing `screen` as the page of `routeName`. */
function shell(flow: Flow, api: ReturnType<typeof fakeApi>["api"], screen: AnyScreenComponent, routeName: string): ReactElement {
  const route = flow.rt.engine.routeByName(routeName);
  const Screen = screen as ScreenComponent;
  return (
    <FlowProvider runtime={flow.rt}>
      <ApiProvider api={api}>
        <Wrapper loadDebugConsole={async () => undefined}>
          <Suspense fallback={null}>
            <ScreenTextsProvider texts={shippedTexts}>
              <Screen key={routeName} route={route} props={routeProps(route)} next={nextOf(route)} params={{}} query={{}} />
            </ScreenTextsProvider>
          </Suspense>
          <ToastHost />
        </Wrapper>
      </ApiProvider>
    </FlowProvider>
  );
}

/** Starts the page's capture and lets its camera show a stream that never gives a picture. */
async function stall(view: ReturnType<typeof render>, handlers: ReturnType<typeof scriptedHandlers>, startLabel: string) {
  const before = handlers.made.length;
  await act(async () => await vi.advanceTimersByTimeAsync(0));
  fireEvent.click(await view.findByRole("button", { name: startLabel }));
  for (let i = 0; i < 50 && handlers.made.length === before; i++) await act(async () => await vi.advanceTimersByTimeAsync(100));
  act(() => handlers.last().emit({ type: "preview", stream: previewStream() }));
  await act(async () => await vi.advanceTimersByTimeAsync(captureJson.waveTimeoutMs));
  return view.getByRole("dialog");
}

describe("spec §2: the record-timeout modal is global", () => {
  it("is one modal of the app shell, the same element on every capture page, opened by a stalled camera; re-record resets the attempt and quit returns to the partner", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/vertify`, mediaDevices: { getUserMedia: vi.fn() } });
    const handlers = scriptedHandlers();
    flow.rt.captureHandlers = handlers.registry;
    const { api } = fakeApi();
    const view = render(shell(flow, api, VerifyScreen, "vertify"));
    const host = view.container.querySelector(".ff-record-timeout");
    expect(host).not.toBeNull();
    expect(host?.parentElement?.classList.contains("ff-wrapper")).toBe(true);
    expect(within(host as HTMLElement).queryByRole("dialog")).toBeNull();

    // The plain recording page: the modal opens in the shell, not inside the page.
    const dialog = await stall(view, handlers, "开始录制");
    expect(dialog.closest(".ff-record-timeout")).toBe(host);
    expect(dialog.closest(".ff-page")).toBeNull();
    expect(within(dialog).getByRole("heading").textContent).toBe("录制超时");
    expect([...dialog.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["网络", "重新录制"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "重新录制" }));
    expect(view.queryByRole("dialog")).toBeNull();
    expect(handlers.last().disposed).toBe(true);
    expect(view.getByRole("button", { name: "开始录制" })).toBeTruthy();

    // Another capture page under the same shell: the same modal element opens for it.
    window.history.replaceState(null, "", `${LAUNCH}#/action/trtc/record`);
    view.rerender(shell(flow, api, TrtcRecordScreen as AnyScreenComponent, "action_trtc_record"));
    expect(view.container.querySelector(".ff-record-timeout")).toBe(host);
    const again = await stall(view, handlers, "开始验证");
    expect(again.closest(".ff-record-timeout")).toBe(host);
    expect(view.container.querySelectorAll("[role=dialog]")).toHaveLength(1);
    fireEvent.click(within(again).getByRole("button", { name: "退出" }));
    await act(async () => await vi.advanceTimersByTimeAsync(0));
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back?orderNo=O-1&code=3110");
  });

  it("closes when the page that opened it goes away", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/vertify`, mediaDevices: { getUserMedia: vi.fn() } });
    const handlers = scriptedHandlers();
    flow.rt.captureHandlers = handlers.registry;
    const { api } = fakeApi();
    const view = render(shell(flow, api, VerifyScreen, "vertify"));
    await stall(view, handlers, "开始录制");
    const Elsewhere = (() => <p className="ff-page">protocol</p>) as AnyScreenComponent;
    view.rerender(shell(flow, api, Elsewhere, "protocol"));
    expect(view.queryByRole("dialog")).toBeNull();
    expect(view.container.querySelector(".ff-record-timeout")?.getAttribute("data-open")).toBe("false");
  });
});
