// @vitest-environment jsdom
import { cleanup, fireEvent, act } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lookupText } from "../../../src/runtime/textKey";
import { shippedTexts } from "../shippedTexts";
import { ERROR_STATUSES } from "../../../schemas/errors";
import { withDefinition } from "../../../src/ui/lazyScreen";
import ErrorScreenModule from "../../../src/ui/screens/ErrorScreen";
import { shippedErrors as ERROR_CATALOGUE } from "../shippedCatalogues";
import { setupFlow, UA } from "./harness";

/** The screen as the router renders it: with the catalogue its lazy entry loads (src/ui/screens/index.ts). */
const ErrorScreen = withDefinition<"error", typeof ERROR_CATALOGUE>(ErrorScreenModule, ERROR_CATALOGUE);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const RETURN = "http://127.0.0.1:8181/partner-return?keep=1";
const LAUNCH = `/?url=${encodeURIComponent(RETURN)}&order_no=ORDER-7&h5_face_id=FACE-7`;
const XSS = "<img src=x onerror=window.__xss=1>";

describe("ErrorScreen", () => {
  it.each(ERROR_STATUSES)("%s shows its catalogue title, code and buttons", (status) => {
    const flow = setupFlow({ url: `${LAUNCH}#/error` });
    const view = flow.renderScreen(ErrorScreen, "error", { status });
    const entry = ERROR_CATALOGUE.statuses[status];
    expect(view.container.querySelector(".ff-error__title")?.textContent).toBe(lookupText(shippedTexts, entry.title));
    if (entry.code) expect(view.container.querySelector(".ff-error__code")?.textContent).toContain(entry.code);
    const labels = [...view.container.querySelectorAll("button")].map((b) => b.textContent);
    expect(labels).toEqual([entry.buttons.first, entry.buttons.second].filter(Boolean).map((a) => lookupText(shippedTexts, ERROR_CATALOGUE.labels[a!])));
  });

  it("quits to the return address with the front code and the order number, keeping the partner's query", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/error` });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "trtc_iosNoWebcamPermission" });
    fireEvent.click(view.getByRole("button", { name: "退出" }));
    await act(async () => undefined);
    expect(flow.nav.assign).toHaveBeenCalledWith("http://127.0.0.1:8181/partner-return?keep=1&orderNo=ORDER-7&code=3004");
  });

  it("a second quit within 5 s shows the processing toast instead of redirecting again", async () => {
    const again = setupFlow({ url: `${LAUNCH}#/error` });
    const screen = again.renderScreen(ErrorScreen, "error", { status: "browserNotSupport" });
    fireEvent.click(screen.getByRole("button", { name: "退出" }));
    await act(async () => undefined);
    fireEvent.click(screen.getByRole("button", { name: "退出" }));
    await act(async () => undefined);
    expect(again.nav.assign).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole("status")).textContent).toBe("处理中，请稍候");
  });

  it("replaces instead of assigning when redirect_type is 1", async () => {
    const flow = setupFlow({ url: `${LAUNCH}&redirect_type=1#/error` });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "browserNotSupport" });
    fireEvent.click(view.getByRole("button", { name: "退出" }));
    await act(async () => undefined);
    expect(flow.nav.replace).toHaveBeenCalledTimes(1);
    expect(flow.nav.assign).not.toHaveBeenCalled();
  });

  it("retry replaces the route with root", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/error?status=exception` });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "exception" });
    fireEvent.click(view.getByRole("button", { name: "重试" }));
    expect(flow.hash()).toBe("/");
    expect(flow.nav.reload).not.toHaveBeenCalled();
  });

  it("retry on iOS after a real-time video route reloads the page", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/action/trtc/record`, userAgent: UA.iPhone });
    // The trtc page recorded its visit before the error page mounted.
    flow.rt.location.navigate("/action/trtc/record");
    const trtc = flow.renderScreen(ErrorScreen, "action_error", { status: "trtc_exception" });
    trtc.unmount();
    flow.rt.location.navigate("/action/error?status=trtc_exception");
    const view = flow.renderScreen(ErrorScreen, "action_error", { status: "trtc_exception" });
    fireEvent.click(view.getByRole("button", { name: "重试" }));
    expect(flow.hash()).toBe("/");
    expect(flow.nav.reload).toHaveBeenCalledTimes(1);
  });

  it("the Android no-permission status offers quit and retry", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/error` });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "trtc_androidNoWebcamPermission" });
    expect([...view.container.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["退出", "重试"]);
  });

  it("shows msg as text, never as markup", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/error` });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "publicError", msg: XSS });
    expect(view.container.querySelector(".ff-error__message")?.textContent).toBe(XSS);
    expect(view.container.querySelector("img")).toBeNull();
  });

  it("an unknown status shows the generic page naming it, with the URL's code", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/error` });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "fooException", code: "1234" });
    expect(view.container.textContent).toContain("状态：fooException");
    expect(view.container.textContent).toContain("错误码：1234");
    expect(view.getAllByRole("button")).toHaveLength(1);
  });

  it("the websocket type turns [提示] into (提示)", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/error` });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "trtc_cameraError", type: "websocket" });
    expect(view.container.querySelector(".ff-error__message")?.textContent).toMatch(/^\(提示\)/);
  });

  it("without a return address the quit-if-url statuses show no button", () => {
    const flow = setupFlow({ url: "/#/error" });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "exitException" });
    expect(view.container.querySelectorAll("button")).toHaveLength(0);
    expect(view.container.textContent).toContain("3001");
  });

  it("switches to the short layout when the window's height / width drops to 1.5 or less", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/error` });
    Object.assign(window, { innerWidth: 390, innerHeight: 844 });
    const view = flow.renderScreen(ErrorScreen, "error", { status: "exception" });
    expect(view.container.querySelector(".ff-error--short")).toBeNull();
    act(() => {
      Object.assign(window, { innerWidth: 844, innerHeight: 390 });
      window.dispatchEvent(new Event("resize"));
    });
    expect(view.container.querySelector(".ff-error--short")).not.toBeNull();
  });
});
