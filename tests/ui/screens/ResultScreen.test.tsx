// @vitest-environment jsdom
import { act, cleanup, fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withDefinition } from "../../../src/ui/lazyScreen";
import ResultScreenModule from "../../../src/ui/screens/ResultScreen";
import { shippedResults } from "../shippedCatalogues";
import { setupFlow } from "./harness";

/** The screen as the router renders it: with the result texts its lazy entry loads (src/ui/screens/index.ts). */
const ResultScreen = withDefinition<"result", typeof shippedResults>(ResultScreenModule, shippedResults);

afterEach(cleanup);

const RETURN = "https://partner.example/back?from=kyc";
const LAUNCH = `/?url=${encodeURIComponent(RETURN)}&order_no=O-1&h5_face_id=F-1`;

const titleOf = (container: HTMLElement) => [...container.querySelectorAll(".ff-result__line")].map((line) => line.textContent);

describe("ResultScreen", () => {
  it.each([
    ["live", "", "活体检测通过"],
    ["face", "&redirect_mode=2", "人脸验证通过"],
    ["will", "&live_service=2", "意愿确认通过"],
  ])("success in plain mode names what was checked (%s)", (_, extra, title) => {
    const flow = setupFlow({ url: `${LAUNCH}${extra}#/success` });
    const view = flow.renderScreen(ResultScreen, "success");
    expect(titleOf(view.container)).toEqual([title]);
    expect(view.container.querySelector(".ff-result-icon--success")).not.toBeNull();
    expect(view.getAllByRole("button").map((b) => b.textContent)).toEqual(["完成"]);
  });

  it("action mode splits the title on ; into two lines", () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=2#/action/success` });
    const view = flow.renderScreen(ResultScreen, "action_success");
    expect(titleOf(view.container)).toEqual(["动作检测完成", "活体检测通过"]);
  });

  // The guard sends silent liveness to the action pages (spec §2); it asked for no action.
  it.each([
    ["zh-CN", "活体检测通过", "动作"],
    ["zh-TW", "活體檢測通過", "動作"],
    ["en", "Liveness check passed", "action"],
  ])("silent liveness on the action pages names no action (%s)", (lang, title, actionWord) => {
    const flow = setupFlow({ url: `${LAUNCH}&live_type=3&lang=${lang}#/action/success` });
    const view = flow.renderScreen(ResultScreen, "action_success");
    expect(titleOf(view.container)).toEqual([title]);
    expect(view.container.textContent?.toLowerCase()).not.toContain(actionWord);
  });

  it("finish hands the stored result values back under the payload names", async () => {
    const flow = setupFlow({ url: `${LAUNCH}&live_service=2#/success` });
    flow.rt.storage.setJSON("resultValues", { code: "0", sign: "SIG", newSign: "NSIG", liveRate: "97", willCode: "0", faceCode: "0", similarity: "88.5" });
    const view = flow.renderScreen(ResultScreen, "success");
    fireEvent.click(view.getByRole("button", { name: "完成" }));
    await act(async () => undefined);
    expect(flow.nav.assign).toHaveBeenCalledWith(
      "https://partner.example/back?from=kyc&orderNo=O-1&code=0&signature=SIG&newSignature=NSIG&liveRate=97&h5faceId=F-1&willCode=0&faceCode=0&similarity=88.5",
    );
    // The launch is over: the stored return address is now the text "null".
    expect(flow.rt.storage.get("url")).toBe('"null"');
  });

  it("fail offers retry and return; retry goes back to the root", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/fail` });
    const view = flow.renderScreen(ResultScreen, "fail");
    expect(view.container.querySelector(".ff-result-icon--fail")).not.toBeNull();
    expect(view.getAllByRole("button").map((b) => b.textContent)).toEqual(["重新验证", "返回"]);
    fireEvent.click(view.getByRole("button", { name: "重新验证" }));
    expect(flow.hash()).toBe("/");
  });

  it("leaves the retry button out once retrying is no longer allowed", () => {
    const flow = setupFlow({ url: `${LAUNCH}#/fail` });
    flow.rt.storage.setJSON("noRetry", true);
    const view = flow.renderScreen(ResultScreen, "fail");
    expect(view.getAllByRole("button").map((b) => b.textContent)).toEqual(["返回"]);
  });
});
