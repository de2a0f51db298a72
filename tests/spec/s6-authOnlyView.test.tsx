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
import { setupFlow } from "../ui/screens/harness";

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
    expect(flow.nav.assign).toHaveBeenCalledWith("https://p.example/back?orderNo=O-6");
    expect(flow.hash()).toBe("/protocol");
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
