// @vitest-environment jsdom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import StartScreen from "../../../src/ui/screens/StartScreen";
import { shippedCapture } from "../../capture/shippedKinds";
import { settle, setupFlow, UA } from "./harness";

afterEach(cleanup);

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1&h5_face_id=F-1";
const XSS = "<img src=x onerror=window.__xss=1>";

const tips = (container: HTMLElement) => [...container.querySelectorAll(".ff-prepics__item")].map((li) => li.getAttribute("data-tip"));
const checks = (container: HTMLElement) => [...container.querySelectorAll(".ff-checks__item")].map((li) => li.getAttribute("data-check"));

describe("StartScreen: what the check asks and the pre-pictures", () => {
  it("plain: reading digits with the microphone, no pre-pictures, start goes to /vertify", async () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=1#/h5pre` });
    const view = flow.renderScreen(StartScreen, "h5pre");
    await waitFor(() => expect(view.getByRole("button", { name: "开始验证" })).toBeTruthy());
    expect(checks(view.container)).toEqual(["number", "permission"]);
    expect(view.container.textContent).toContain("读出屏幕上显示的数字");
    expect(view.container.textContent).toContain("允许使用摄像头和麦克风");
    expect(tips(view.container)).toEqual([]);
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    // On a uaDetect route the tap goes on once the browser check has allowed it.
    await waitFor(() => expect(flow.hash()).toBe("/vertify"));
  });

  it("action in the messaging browser: the asked actions by name and 8 pre-pictures", () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2&traditional_action=2,3,1#/action/pre` });
    const view = flow.renderScreen(StartScreen, "action_pre");
    expect(view.container.textContent).toContain("按提示依次完成：眨眼、张嘴、摇头。");
    expect(tips(view.container)).toHaveLength(8);
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/action/vertify");
  });

  it("action in other browsers shows 9 pre-pictures; without traditional_action the actions are random", async () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2#/action/h5pre` });
    const view = flow.renderScreen(StartScreen, "action_h5pre");
    await settle();
    expect(tips(view.container)).toHaveLength(9);
    expect(view.container.textContent).toContain("按屏幕提示依次完成随机动作");
    expect(view.container.textContent).toContain("允许使用摄像头。");
  });

  it("shows as many pre-pictures as the runtime's capture definition says (a test passes a definition, not a module mock)", async () => {
    const capture = { ...shippedCapture, prePictures: { ...shippedCapture.prePictures, action: { wx: 8, h5: 3 } } };
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2#/action/h5pre`, capture });
    const view = flow.renderScreen(StartScreen, "action_h5pre");
    await settle();
    expect(tips(view.container)).toHaveLength(3);
  });

  it.each([["action_pre_slient"], ["action_h5pre_slient"]])("silent (%s): hold still and 5 pre-pictures", async (route) => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=3#/x` });
    const view = flow.renderScreen(StartScreen, route);
    await settle();
    expect(checks(view.container)).toEqual(["silent", "permission"]);
    expect(tips(view.container)).toEqual(["faceFront", "goodLight", "noHat", "noGlasses", "noCover"]);
  });

  it("trtc in will mode: splash first, then real-time video, actions and the consent; start goes to willRecord", () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2&live_service=2&rtc_mode_switch=1&protocol_corp_name=${encodeURIComponent(XSS)}#/action/trtc/pre` });
    const splash = flow.renderScreen(StartScreen, "action_trtc_pre");
    expect(splash.container.querySelector(".ff-splash__title")?.textContent).toBe("意愿核身");
    expect(splash.container.querySelector(".ff-splash__corp")?.textContent).toBe(`本次验证由${XSS}发起`);
    expect(splash.container.querySelector("img")).toBeNull();
    fireEvent.click(splash.getByRole("button", { name: "开始" }));
    expect(flow.hash()).toBe("/action/trtc/pre?seen=1");
    cleanup();
    const view = flow.renderScreen(StartScreen, "action_trtc_pre", { seen: "1" });
    expect(checks(view.container)).toEqual(["realtime", "action", "will", "permission"]);
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/action/trtc/willRecord");
  });

  it("trtc without will mode records on /action/trtc/record; will_type 2 confirms by nodding", () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=1#/action/trtc/pre` });
    const view = flow.renderScreen(StartScreen, "action_trtc_pre");
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/action/trtc/record");
    cleanup();
    const nod = setupFlow({ url: `${LAUNCH}&live_type=2&live_service=2&will_type=2#/action/trtc/pre` });
    expect(nod.renderScreen(StartScreen, "action_trtc_pre", { seen: "1" }).container.textContent).toContain("以点头表示确认");
  });

  it("splash_page=1 shows the splash outside will mode too", () => {
    const flow = setupFlow({ url: `${LAUNCH}&splash_page=1#/pre` });
    const view = flow.renderScreen(StartScreen, "pre");
    expect(view.container.querySelector(".ff-splash")).not.toBeNull();
    expect(view.container.querySelector(".ff-splash__corp")).toBeNull();
  });

  it("shows popup_context as text in a dialog that closes", () => {
    const flow = setupFlow({ url: `${LAUNCH}&popup_context=${encodeURIComponent(XSS)}#/pre` });
    const view = flow.renderScreen(StartScreen, "pre");
    const dialog = view.getByRole("dialog");
    expect(within(dialog).getByText(XSS)).toBeTruthy();
    expect(dialog.querySelector("img")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "我知道了" }));
    expect(view.queryByRole("dialog")).toBeNull();
  });
});

describe("StartScreen: agreement consent", () => {
  it("no auth_type: no consent asked", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/pre` });
    const view = flow.renderScreen(StartScreen, "pre");
    expect(view.queryByRole("checkbox")).toBeNull();
  });

  it.each([["auth_type=1"], ["auth_type=0&auth_tick_switch=1"]])("simple (%s): the tick box must be ticked before starting", async (auth) => {
    const flow = setupFlow({ url: `${LAUNCH}&${auth}#/pre` });
    const view = flow.renderScreen(StartScreen, "pre");
    // Named by its label and the agreement it consents to.
    const box = view.getByRole("checkbox", { name: "我已阅读并同意 《用户协议授权书》" });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(view.getByRole("link", { name: "《用户协议授权书》" }).getAttribute("href")).toBe("#/protocol");
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/pre");
    await waitFor(() => expect(view.getAllByRole("status").map((s) => s.textContent)).toContain("请先阅读并勾选同意《用户协议授权书》"));
    // The keyboard user is taken to the box the toast asks them to tick.
    expect(document.activeElement).toBe(box);
    fireEvent.click(box);
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/vertify");
  });

  it("enhanced (auth_type=2, need_auth=1): an explicit authorisation step before the page", () => {
    const flow = setupFlow({ url: `${LAUNCH}&auth_type=2&need_auth=1&protocol_corp_name=示例银行#/pre` });
    const step = flow.renderScreen(StartScreen, "pre");
    expect(step.getByRole("heading", { level: 1 }).textContent).toBe("授权确认");
    expect(step.container.textContent).toContain("示例银行需要获得您的以下授权");
    fireEvent.click(step.getByRole("button", { name: "同意授权并继续" }));
    expect(flow.hash()).toBe("/pre?authorized=1");
    cleanup();
    const page = flow.renderScreen(StartScreen, "pre", { authorized: "1" });
    expect(page.queryByRole("checkbox")).toBeNull();
    fireEvent.click(page.getByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/vertify");
  });

  it("declining the enhanced authorisation hands the user back to the partner", async () => {
    const flow = setupFlow({ url: `${LAUNCH}&auth_type=2&need_auth=1#/pre` });
    const step = flow.renderScreen(StartScreen, "pre");
    fireEvent.click(step.getByRole("button", { name: "不同意" }));
    await settle();
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back?orderNo=O-1");
  });
});

describe("StartScreen: camera-input eligibility on uaDetect routes", () => {
  it("a blocked browser goes to /uaDetect, even when start was tapped while the check ran", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/h5pre`, userAgent: UA.ucAndroid });
    const view = flow.renderScreen(StartScreen, "h5pre");
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    await waitFor(() => expect(flow.hash()).toBe("/uaDetect"));
    await settle();
    expect(flow.hash()).toBe("/uaDetect");
  });

  it("the button works from the first render: a tap while the check runs goes on once the browser is allowed", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/h5pre`, userAgent: UA.iPhone });
    const view = flow.renderScreen(StartScreen, "h5pre");
    const button = view.getByRole("button", { name: "开始验证" });
    expect(button).toHaveProperty("disabled", false);
    fireEvent.click(button);
    expect(flow.hash()).toBe("/h5pre");
    // The tap is taken: the button says the browser is being checked until it has been.
    expect(view.getByRole("button", { name: "正在检测当前浏览器…" })).toHaveProperty("disabled", true);
    await waitFor(() => expect(flow.hash()).toBe("/vertify"));
  });

  it("an allowed browser starts at once once checked", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/h5pre`, userAgent: UA.iPhone });
    const view = flow.renderScreen(StartScreen, "h5pre");
    await settle();
    expect(flow.hash()).toBe("/h5pre");
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/vertify");
  });
});
