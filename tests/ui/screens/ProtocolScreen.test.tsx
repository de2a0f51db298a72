// @vitest-environment jsdom
import { cleanup, fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import ProtocolScreen from "../../../src/ui/screens/ProtocolScreen";
import { createPathHistory } from "../../../src/ui/pathHistory";
import { setupFlow } from "./harness";

afterEach(cleanup);

const XSS = "<img src=x onerror=window.__xss=1>";

describe("ProtocolScreen", () => {
  it("is the user-agreement authorisation letter: what is collected, why, retention and rights", () => {
    const flow = setupFlow({ url: "/#/protocol" });
    const view = flow.renderScreen(ProtocolScreen, "protocol");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("用户协议授权书");
    const clauses = view.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(clauses).toEqual(["一、我们收集的信息", "二、使用目的", "三、处理与提供", "四、保存期限", "五、您的权利", "六、拒绝授权"]);
    expect(view.container.textContent).toContain("人脸视频");
    expect(view.container.textContent).toContain("业务提供方");
    expect(view.container.textContent).not.toMatch(/\{\w+\}/);
  });

  it("names the corp from protocol_corp_name as text", () => {
    const flow = setupFlow({ url: `/?protocol_corp_name=${encodeURIComponent(XSS)}&auth_protocol_version=2.1#/protocol` });
    const view = flow.renderScreen(ProtocolScreen, "protocol");
    expect(view.container.querySelector(".ff-protocol__preamble")?.textContent).toContain(XSS);
    expect(view.container.querySelector("img")).toBeNull();
    expect(view.container.textContent).toContain("协议版本：2.1");
  });

  it("takes the product from the route props or the path", () => {
    const flow = setupFlow({ url: "/#/protocol/tencent" });
    expect(flow.renderScreen(ProtocolScreen, "protocol_tencent").container.querySelector(".ff-protocol__product")?.textContent).toBe("人脸核身技术服务（腾讯云）");
    cleanup();
    const other = flow.renderScreen(ProtocolScreen, "protocol_product", {}, { product: "bank" });
    expect(other.container.querySelector(".ff-protocol")?.getAttribute("data-product")).toBe("bank");
    expect(other.container.querySelector(".ff-protocol__product")?.textContent).toBe("人脸核身服务");
  });

  it("back returns to the page it was opened from", () => {
    const flow = setupFlow({ url: "/#/pre" });
    createPathHistory(flow.rt.storage).visit("/pre");
    flow.rt.location.navigate("/protocol");
    const view = flow.renderScreen(ProtocolScreen, "protocol");
    fireEvent.click(view.getByRole("button", { name: "返回" }));
    return new Promise<void>((resolve) => setTimeout(() => {
      expect(flow.hash()).toBe("/pre");
      resolve();
    }, 20));
  });
});
