// @vitest-environment jsdom
import { act, cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import UaDetectScreen from "../../../src/ui/screens/UaDetectScreen";
import { setupFlow, UA } from "./harness";

afterEach(cleanup);

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1&h5_face_id=F-1";

describe("UaDetectScreen", () => {
  it("names what this browser cannot do, the parsed device and what to do", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/uaDetect`, userAgent: UA.ucAndroid });
    const view = flow.renderScreen(UaDetectScreen, "uaDetect");
    await waitFor(() => expect(view.getByRole("heading", { level: 1 }).textContent).toBe("当前浏览器无法完成验证"));
    expect(view.container.textContent).toContain("当前浏览器无法调用摄像头录制视频。");
    const env = view.getByRole("region", { name: "当前环境" }).textContent;
    expect(env).toContain("UCBrowser 15.3.6.1206");
    expect(env).toContain("Android 12");
    expect(view.container.textContent).toContain("在浏览器中打开");
    expect((view.getByRole("textbox", { name: "验证链接" }) as HTMLInputElement).value).toBe(`http://localhost:3000${LAUNCH}`);
  });

  it("copies the launch link and says so", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(window.navigator, "clipboard", { value: { writeText }, configurable: true });
    const flow = setupFlow({ url: `${LAUNCH}#/uaDetect`, userAgent: UA.ucAndroid });
    const view = flow.renderScreen(UaDetectScreen, "uaDetect");
    await waitFor(() => view.getByRole("button", { name: "复制链接" }));
    await act(async () => fireEvent.click(view.getByRole("button", { name: "复制链接" })));
    expect(writeText).toHaveBeenCalledWith(`http://localhost:3000${LAUNCH}`);
    expect((await view.findByRole("status")).textContent).toBe("链接已复制");
  });

  it("says when copying failed, so the user copies by hand", async () => {
    Object.defineProperty(window.navigator, "clipboard", { value: undefined, configurable: true });
    const flow = setupFlow({ url: `${LAUNCH}#/uaDetect`, userAgent: UA.ucAndroid });
    const view = flow.renderScreen(UaDetectScreen, "uaDetect");
    await waitFor(() => view.getByRole("button", { name: "复制链接" }));
    await act(async () => fireEvent.click(view.getByRole("button", { name: "复制链接" })));
    expect(view.getByRole("alert").textContent).toBe("复制失败，请长按链接手动复制");
  });

  it("quit returns the browser-cannot-record code", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/uaDetect`, userAgent: UA.ucAndroid });
    const view = flow.renderScreen(UaDetectScreen, "uaDetect");
    await waitFor(() => view.getByRole("button", { name: "退出" }));
    await act(async () => fireEvent.click(view.getByRole("button", { name: "退出" })));
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back?orderNo=O-1&code=3010");
  });

  it("a browser that can record is told so and may continue", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/uaDetect`, userAgent: UA.iPhone });
    const view = flow.renderScreen(UaDetectScreen, "uaDetect");
    await waitFor(() => expect(view.getByRole("heading", { level: 1 }).textContent).toBe("当前浏览器可以完成验证"));
    fireEvent.click(view.getByRole("button", { name: "继续验证" }));
    expect(flow.hash()).toBe("/");
  });
});
