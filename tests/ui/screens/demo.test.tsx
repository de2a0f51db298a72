// @vitest-environment jsdom
import { createScreens } from "../../../src/ui/screens";
import { registryTexts, shippedLanguageTexts } from "../shippedTexts";
import { nextOf } from "../../../src/flow/next";
import { act, cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { DemoOrderRequest, DemoVerifyResponse, LaunchResponse } from "../../../schemas/api";
import { ApiError, CLIENT_ERROR_CODES } from "../../../src/api/apiError";
import type { ApiClient } from "../../../src/api/client";
import { ApiProvider } from "../../../src/ui/apiContext";
import { FlowProvider } from "../../../src/ui/FlowProvider";
import DemoEntryScreen from "../../../src/ui/screens/DemoEntryScreen";
import { ScreenTextsProvider } from "../../../src/ui/screenTexts";
import { shippedTexts } from "../shippedTexts";
import { routeProps } from "../../../src/ui/screenContract";
import {
  checkLaunchReturn,
  demoOrderRequestOf,
  formProblem,
  initialDemoForm,
  toggleAction,
  withTheme,
} from "../../../src/ui/screens/demo/demoOrder";
import { setupFlow, type Flow } from "./harness";

afterEach(cleanup);

const HERE = { origin: "http://localhost:3000", pathname: "/" };
const LAUNCH_URL = `http://localhost:3000/?live_type=2&url=${encodeURIComponent("http://localhost:3000/#/entry")}&sign=1.2.3.4`;

describe("demo order form rules", () => {
  const form = initialDemoForm("entry", "是否本人办理？");

  it("turns each mode into the order the service expects", () => {
    expect(demoOrderRequestOf({ ...form, mode: "number" })).toEqual({ liveType: "1", returnRoute: "entry" });
    expect(demoOrderRequestOf({ ...form, mode: "action", actions: ["4", "1"] })).toEqual({ liveType: "2", actions: ["4", "1"], returnRoute: "entry" });
    expect(demoOrderRequestOf({ ...form, mode: "silent" })).toEqual({ liveType: "3", returnRoute: "entry" });
    // Will mode needs action liveness over real-time video, or the guard shows errorSettings.
    expect(demoOrderRequestOf({ ...form, mode: "will", actions: ["2"], willQuestion: "  同意吗？ ", willNod: true })).toEqual({
      liveType: "2",
      actions: ["2"],
      will: { question: "同意吗？", nod: true },
      launch: { rtc_mode_switch: "1" },
      returnRoute: "entry",
    });
  });

  it("sends theme and options only when chosen", () => {
    const request = demoOrderRequestOf({ ...form, mode: "number", theme: "05", splashPage: true, replaceOnReturn: true, returnRoute: "liveEntry" });
    expect(request).toEqual({ liveType: "1", theme: "05", launch: { splash_page: "1", redirect_type: "1" }, returnRoute: "liveEntry" });
    // No language chosen: none sent, so the page follows the browser's.
    expect(demoOrderRequestOf({ ...form, mode: "number" })).not.toHaveProperty("lang");
    expect(demoOrderRequestOf({ ...form, mode: "number", lang: "zh-TW" })).toMatchObject({ lang: "zh-TW" });
  });

  it("keeps actions in the order they were picked", () => {
    expect(toggleAction(["2"], "4")).toEqual(["2", "4"]);
    expect(toggleAction(["2", "4", "1"], "4")).toEqual(["2", "1"]);
  });

  it("the landscape theme only runs the number check", () => {
    expect(withTheme({ ...form, mode: "action" }, "02").mode).toBe("number");
    expect(withTheme({ ...form, mode: "silent" }, "03").mode).toBe("silent");
  });

  it("names what is missing before an order can be sent", () => {
    expect(formProblem({ ...form, mode: "action", actions: [] })).toBe("actionsEmpty");
    expect(formProblem({ ...form, mode: "will", willQuestion: " " })).toBe("questionEmpty");
    expect(formProblem({ ...form, mode: "silent", actions: [] })).toBeNull();
  });

  it("applies the demo check to the launch's return address", () => {
    expect(checkLaunchReturn(LAUNCH_URL, HERE, "entry")).toEqual({ ok: true });
    const elsewhere = `http://127.0.0.1:8181/?url=${encodeURIComponent("http://127.0.0.1:8181/#/srcEntry")}`;
    expect(checkLaunchReturn(elsewhere, HERE, "srcEntry")).toEqual({
      ok: false,
      returnUrl: "http://127.0.0.1:8181/#/srcEntry",
      demoPage: "http://127.0.0.1:8181/#/srcEntry",
    });
    const notADemoPage = `http://localhost:3000/?url=${encodeURIComponent("http://localhost:3000/#/success")}`;
    expect(checkLaunchReturn(notADemoPage, HERE, "entry")).toMatchObject({ ok: false });
  });
});

function fakeApi(overrides: Partial<Pick<ApiClient, "demoCreateOrder" | "demoVerify">>) {
  const unused = () => Promise.reject(new Error("not used by the demo page"));
  const demoCreateOrder = vi.fn<(request: DemoOrderRequest, signal?: AbortSignal) => Promise<LaunchResponse>>(overrides.demoCreateOrder ?? unused);
  const demoVerify = vi.fn<(query: string, signal?: AbortSignal) => Promise<DemoVerifyResponse>>(overrides.demoVerify ?? unused);
  const api: ApiClient = {
    login: unused,
    config: unused,
    digits: unused,
    light: unused,
    upload: unused,
    uploadWxVideo: unused,
    attemptState: unused,
    result: unused,
    checkReturnUrl: unused,
    streamUrl: () => "ws://unused",
    streamSessionToken: () => undefined,
    demoCreateOrder,
    demoVerify,
  };
  return { api, demoCreateOrder, demoVerify };
}

function renderDemo(flow: Flow, api: ApiClient, routeName = "entry", texts = shippedTexts) {
  return render(
    <FlowProvider runtime={flow.rt}>
      <ApiProvider api={api}>
        {/* As under the router: the result view loads on demand. */}
        <Suspense fallback={null}>
          <ScreenTextsProvider texts={registryTexts(createScreens(flow.rt), "demoEntry", texts)}>
            <DemoEntryScreen route={flow.rt.engine.routeByName(routeName)} props={routeProps<"demoEntry">(flow.rt.engine.routeByName(routeName))} next={nextOf(flow.rt.engine.routeByName(routeName))} params={{}} query={{}} />
          </ScreenTextsProvider>
        </Suspense>
      </ApiProvider>
    </FlowProvider>,
  );
}

const LAUNCH: LaunchResponse = { orderNo: "ord_0123456789ab", h5_face_id: "h5f_1", launchUrl: LAUNCH_URL, expiresAt: "2030-01-01T00:00:00.000Z" };

describe("DemoEntryScreen as the partner's start page", () => {
  it("creates an order from the form and sends the browser to the launch URL", async () => {
    const flow = setupFlow({ url: "/#/srcEntry" });
    const { api, demoCreateOrder } = fakeApi({ demoCreateOrder: async () => ({ ...LAUNCH, launchUrl: LAUNCH_URL.replace("entry", "srcEntry") }) });
    const view = renderDemo(flow, api, "srcEntry");
    fireEvent.click(view.getByRole("radio", { name: "动作活体" }));
    // Default actions are blink then open mouth; unpick blink, add nod: open mouth, nod.
    fireEvent.click(view.getByRole("button", { name: /眨眼/ }));
    fireEvent.click(view.getByRole("button", { name: /点头/ }));
    expect(view.container.textContent).toContain("执行顺序：张嘴 → 点头");
    fireEvent.click(view.getByRole("checkbox", { name: "显示引导页" }));
    await act(async () => fireEvent.click(view.getByRole("button", { name: "创建订单并开始核身" })));
    expect(demoCreateOrder).toHaveBeenCalledWith({ liveType: "2", actions: ["3", "4"], launch: { splash_page: "1" }, returnRoute: "srcEntry" });
    expect(flow.nav.assign).toHaveBeenCalledWith(LAUNCH_URL.replace("entry", "srcEntry"));
  });

  it("offers the flow's languages by their own names, following the browser unless one is chosen", async () => {
    const flow = setupFlow({ url: "/#/entry" });
    const { api, demoCreateOrder } = fakeApi({ demoCreateOrder: async () => LAUNCH });
    const view = renderDemo(flow, api);
    const select = view.getByRole("combobox", { name: "核身页面语言" });
    const options = within(select).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["跟随浏览器", ...flow.rt.languages.languages.map((l) => l.name)]);
    const tags = flow.rt.languages.languages.map((l) => l.tag);
    expect(tags).toEqual(expect.arrayContaining(["zh-CN", "zh-TW", "en"]));
    expect(options.map((o) => o.getAttribute("lang"))).toEqual([null, ...tags]);
    expect(select).toHaveProperty("value", "");
    fireEvent.change(select, { target: { value: "en" } });
    await act(async () => fireEvent.click(view.getByRole("button", { name: "创建订单并开始核身" })));
    expect(demoCreateOrder).toHaveBeenCalledWith(expect.objectContaining({ lang: "en" }));
  });

  it.each([
    ["zh-CN", "主题", ["默认", "02 · 横屏", "03 · 绿色"]],
    ["zh-TW", "主題", ["預設", "02 · 橫向", "03 · 綠色"]],
    ["en", "Theme", ["Default", "02 · Landscape", "03 · Green"]],
  ])("names the themes in the page's language (%s)", (lang, label, first) => {
    // The demo page follows the browser's languages (it has no launch to name one).
    const before = Object.getOwnPropertyDescriptor(window.navigator, "languages");
    Object.defineProperty(window.navigator, "languages", { value: [lang], configurable: true });
    onTestFinished(() => {
      if (before) Object.defineProperty(window.navigator, "languages", before);
      else Reflect.deleteProperty(window.navigator, "languages");
    });
    const flow = setupFlow({ url: "/#/entry" });
    expect(flow.rt.language.tag).toBe(lang);
    const view = renderDemo(flow, fakeApi({}).api, "entry", shippedLanguageTexts(flow.rt.language.tag).texts);
    const options = within(view.getByRole("combobox", { name: new RegExp(label, "i") })).getAllByRole("option");
    expect(options.slice(0, 3).map((o) => o.textContent)).toEqual(first);
    expect(options).toHaveLength(Object.keys(flow.rt.engine.definitions.themes.themes).length);
  });

  it("cannot be sent without an action in action mode", () => {
    const flow = setupFlow({ url: "/#/entry" });
    const view = renderDemo(flow, fakeApi({}).api);
    fireEvent.click(view.getByRole("button", { name: /眨眼/ }));
    fireEvent.click(view.getByRole("button", { name: /张嘴/ }));
    expect(view.container.textContent).toContain("请至少选择一个动作。");
    expect((view.getByRole("button", { name: "创建订单并开始核身" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says why an order could not be created and stays on the page", async () => {
    const flow = setupFlow({ url: "/#/entry" });
    const { api } = fakeApi({ demoCreateOrder: () => Promise.reject(new ApiError(0, CLIENT_ERROR_CODES.network, "offline")) });
    const view = renderDemo(flow, api);
    await act(async () => fireEvent.click(view.getByRole("button", { name: "创建订单并开始核身" })));
    expect(view.getByRole("alert").textContent).toBe("网络连接失败，请检查网络后重试。");
    expect(flow.nav.assign).not.toHaveBeenCalled();
  });

  it("does not launch when the service would return somewhere other than this demo page", async () => {
    const flow = setupFlow({ url: "/#/entry" });
    const elsewhere = `http://127.0.0.1:8181/?url=${encodeURIComponent("http://127.0.0.1:8181/#/entry")}&sign=1.2.3.4`;
    const { api } = fakeApi({ demoCreateOrder: async () => ({ ...LAUNCH, launchUrl: elsewhere }) });
    const view = renderDemo(flow, api);
    await act(async () => fireEvent.click(view.getByRole("button", { name: "创建订单并开始核身" })));
    const alert = view.getByRole("alert");
    expect(alert.textContent).toContain("不是本演示页");
    expect(within(alert).getByRole("link").getAttribute("href")).toBe("http://127.0.0.1:8181/#/entry");
    expect(flow.nav.assign).not.toHaveBeenCalled();
  });
});

const PAYLOAD = {
  orderNo: "ord_0123456789ab",
  code: "0",
  signature: "a".repeat(64),
  newSignature: "b".repeat(64),
  liveRate: "97",
  h5faceId: "h5f_1",
};
const RETURN_QUERY = new URLSearchParams(PAYLOAD).toString();

describe("DemoEntryScreen as the return address", () => {
  it("verifies the received result and shows it with the order", async () => {
    const flow = setupFlow({ url: `/?${RETURN_QUERY}#/entry` });
    const { api, demoVerify } = fakeApi({
      demoVerify: async () => ({ valid: true, payload: PAYLOAD, order: { state: "passed", attempts: 1 } }),
    });
    const view = renderDemo(flow, api);
    expect((await view.findByRole("status")).textContent).toContain("正在校验");
    await waitFor(() => expect(view.container.textContent).toContain("签名校验通过"));
    expect(demoVerify).toHaveBeenCalledWith(RETURN_QUERY, expect.any(AbortSignal));
    const text = view.container.textContent ?? "";
    expect(text).toContain("核身通过");
    expect(text).toContain("ord_0123456789ab");
    expect(text).toContain("a".repeat(64));
    expect(text).toContain("已通过");
    expect(text).toContain("1 次");
    fireEvent.click(view.getByRole("button", { name: "再次体验" }));
    expect(flow.nav.assign).toHaveBeenCalledWith("http://localhost:3000/#/entry");
  });

  it("lists the checks as whole names (a narrow column broke them inside: fa|ce, frameR|ate), the payload's text unchanged", async () => {
    const checks = "face,frameRate,steady,light,replay";
    const query = new URLSearchParams({ ...PAYLOAD, checks }).toString();
    const flow = setupFlow({ url: `/?${query}#/entry` });
    const { api } = fakeApi({ demoVerify: async () => ({ valid: true, payload: { ...PAYLOAD, checks }, order: { state: "passed", attempts: 1 } }) });
    const view = renderDemo(flow, api);
    await waitFor(() => expect(view.container.textContent).toContain("签名校验通过"));
    const names = [...view.container.querySelectorAll(".ff-demo-check")];
    expect(names.map((n) => n.textContent?.replace(/,$/, ""))).toEqual(checks.split(","));
    expect(names[0]?.closest("dd")?.textContent).toBe(checks);
  });

  it("says so when the signature does not verify", async () => {
    const flow = setupFlow({ url: `/?${RETURN_QUERY.replace("code=0", "code=1003")}#/liveEntry` });
    const { api } = fakeApi({ demoVerify: async () => ({ valid: false, payload: { ...PAYLOAD, code: "1003" }, order: null }) });
    const view = renderDemo(flow, api, "liveEntry");
    await waitFor(() => expect(view.container.textContent).toContain("签名校验失败"));
    expect(view.container.textContent).toContain("核身未通过");
    expect(view.container.textContent).toContain("结果码 1003");
  });

  it("offers to verify again when the service cannot be reached", async () => {
    const flow = setupFlow({ url: `/?${RETURN_QUERY}#/entry` });
    const answers = [
      () => Promise.reject(new ApiError(0, CLIENT_ERROR_CODES.network, "offline")),
      async (): Promise<DemoVerifyResponse> => ({ valid: true, payload: PAYLOAD, order: null }),
    ];
    const { api, demoVerify } = fakeApi({ demoVerify: () => (answers.shift() ?? answers[0]!)() });
    const view = renderDemo(flow, api);
    const again = await view.findByRole("button", { name: "重新校验" });
    expect(view.getByRole("alert").textContent).toBe("暂时无法校验签名，请检查网络后重试。");
    await act(async () => fireEvent.click(again));
    await waitFor(() => expect(view.container.textContent).toContain("签名校验通过"));
    expect(demoVerify).toHaveBeenCalledTimes(2);
  });
});
