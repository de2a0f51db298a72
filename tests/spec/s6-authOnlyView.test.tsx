// @vitest-environment jsdom
/**
 * Spec §6: "An allow-list of app ids limits which show the auth-only view; two more are added
 * when the environment is not release." The auth-only view is the authorisation letter
 * (spec §2's agreement page) opened on its own by a partner's link: it says it only shows the
 * letter and takes the user back instead of into the verification. flows/apps.json: allowList
 * TIDA0001, TIDA0010; extraOutsideRelease TIDA0098, TIDA0099.
 */
import { act, cleanup, fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPathHistory } from "../../src/ui/pathHistory";
import type { Environment } from "../../schemas/apps";
import ProtocolScreen from "../../src/ui/screens/ProtocolScreen";
import { settle, setupFlow } from "../ui/screens/harness";
import { shippedTexts } from "../ui/shippedTexts";
import { isFinished } from "../../src/session/launchParams";
import { ApiError } from "../../src/api/apiError";
import { API_ERROR_CODES } from "../../schemas/apiCodes";
import type { ApiClient } from "../../src/api/client";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const BACK = encodeURIComponent("https://p.example/back");

/** The agreement page opened straight from a partner's link, for app `appId`. */
function openedAlone(appId: string, environment: Environment = "release") {
  const flow = setupFlow({ url: `/?wb_app_id=${appId}&order_no=O-6&url=${BACK}#/protocol` });
  flow.rt.settings.environment = environment;
  // The partner's page is not in this tab's history: the way back is the return address.
  vi.spyOn(window.history, "length", "get").mockReturnValue(1);
  const view = flow.renderScreen(ProtocolScreen, "protocol");
  return { flow, view };
}

const AUTH_ONLY_NOTE = "本页仅供查看授权书，不会开始人脸核身。";

describe("spec §6: the auth-only view, for the allow-listed app ids", () => {
  it("an allow-listed app's link to the letter shows the auth-only view: the letter, a note that no verification starts, and a way back to the partner", async () => {
    const { flow, view } = openedAlone("TIDA0010");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("用户协议授权书");
    expect(view.container.textContent).toContain(AUTH_ONLY_NOTE);
    expect(view.queryByRole("button", { name: "返回" })).toBeNull();
    fireEvent.click(view.getByRole("button", { name: "我已阅读，返回" }));
    await act(async () => await Promise.resolve());
    // Only the letter was shown: the partner gets no hand-back (no orderNo, no code).
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back");
    expect(flow.hash()).toBe("/protocol");
  });

  it("leaving the auth-only view finishes nothing: the partner's real launch of the same order still verifies", async () => {
    const { flow, view } = openedAlone("TIDA0010");
    fireEvent.click(view.getByRole("button", { name: "我已阅读，返回" }));
    await act(async () => await Promise.resolve());
    expect(flow.nav.assign).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain("url=null");
    cleanup();
    const launch = setupFlow({ url: `/?wb_app_id=TIDA0010&order_no=O-6&url=${BACK}&live_type=1#/`, keepStorage: true, keepLaunchedReturnUrl: true });
    expect(isFinished(launch.rt.storage)).toBe(false);
  });

  it("an unsigned launch's return address is left for only once the service vouches for it, and then with no result", async () => {
    const checked: string[] = [];
    let answer: "allowed" | "refused" = "refused";
    const api = {
      checkReturnUrl: async (url: string) => {
        checked.push(url);
        if (answer === "allowed") return { returnUrl: url };
        throw new ApiError(403, API_ERROR_CODES.returnUrlNotAllowed, "not allowed");
      },
    } as unknown as ApiClient;
    const flow = setupFlow({ url: `/?wb_app_id=TIDA0010&order_no=O-6&url=${BACK}#/protocol`, keepLaunchedReturnUrl: true, api });
    vi.spyOn(window.history, "length", "get").mockReturnValue(1);
    const view = flow.renderScreen(ProtocolScreen, "protocol");
    fireEvent.click(view.getByRole("button", { name: "我已阅读，返回" }));
    await settle();
    expect(checked).toEqual(["https://p.example/back"]);
    expect(flow.nav.assign).not.toHaveBeenCalled();
    expect((await view.findByRole("alert")).textContent).toBe(shippedTexts.common.returnUrlNotAllowed);
    answer = "allowed";
    fireEvent.click(view.getByRole("button", { name: "我已阅读，返回" }));
    await settle();
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back");
    expect(isFinished(flow.rt.storage)).toBe(false);
  });

  it("with neither history nor a return address it stays and says so", async () => {
    const flow = setupFlow({ url: `/?wb_app_id=TIDA0010&order_no=O-6#/protocol`, returnUrl: null });
    vi.spyOn(window.history, "length", "get").mockReturnValue(1);
    const view = flow.renderScreen(ProtocolScreen, "protocol");
    fireEvent.click(view.getByRole("button", { name: "我已阅读，返回" }));
    await settle();
    expect(flow.nav.assign).not.toHaveBeenCalled();
    expect(flow.nav.replace).not.toHaveBeenCalled();
    expect((await view.findByRole("status")).textContent).toBe(shippedTexts.common.processing);
    expect(flow.hash()).toBe("/protocol");
  });

  it("with history it goes back to the partner's page", () => {
    const { flow, view } = openedAlone("TIDA0010");
    vi.spyOn(window.history, "length", "get").mockReturnValue(2);
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    fireEvent.click(view.getByRole("button", { name: "我已阅读，返回" }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(flow.nav.assign).not.toHaveBeenCalled();
  });

  it("an app not on the list gets the flow's agreement page: no auth-only note, and its button starts the verification", () => {
    const { flow, view } = openedAlone("TIDA0555");
    expect(view.container.textContent).not.toContain(AUTH_ONLY_NOTE);
    expect(view.queryByRole("button", { name: "我已阅读，返回" })).toBeNull();
    fireEvent.click(view.getByRole("button", { name: "返回" }));
    expect(flow.hash()).toBe("/");
    expect(flow.nav.assign).not.toHaveBeenCalled();
  });

  it("the two extra app ids have the auth-only view outside release only", () => {
    expect(openedAlone("TIDA0098", "release").view.container.textContent).not.toContain(AUTH_ONLY_NOTE);
    cleanup();
    expect(openedAlone("TIDA0098", "sit").view.container.textContent).toContain(AUTH_ONLY_NOTE);
    cleanup();
    expect(openedAlone("TIDA0099", "dev").view.container.textContent).toContain(AUTH_ONLY_NOTE);
  });

  it("opened from a start page, the letter is the flow's agreement page even for an allow-listed app", () => {
    const flow = setupFlow({ url: `/?wb_app_id=TIDA0010&order_no=O-6&url=${BACK}#/h5pre` });
    createPathHistory(flow.rt.storage).visit("/h5pre"); // as the start page does when it shows
    flow.rt.location.navigate("/protocol");
    const view = flow.renderScreen(ProtocolScreen, "protocol");
    expect(view.container.textContent).not.toContain(AUTH_ONLY_NOTE);
    expect(view.getByRole("button", { name: "返回" })).toBeTruthy();
  });
});
