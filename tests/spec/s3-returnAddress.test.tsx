// @vitest-environment jsdom
/**
 * Spec §3 (`url` is a launch parameter) and §4 (finish redirects to the stored return address),
 * against the real verification service: an unsigned (cookie-mode) launch returns to its `url`
 * when the service vouches for it (an origin the order's partner app allows), stays and says
 * why when not; a signed launch keeps the address the service vouched for at login, whatever
 * `url` a later link with the same sign carries.
 */
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loginRequestSchema } from "../../schemas/api";
import { createApiClient, type ApiClient } from "../../src/api/client";
import { withDefinition } from "../../src/ui/lazyScreen";
import ResultScreenModule from "../../src/ui/screens/ResultScreen";
import { launchLogin } from "../../src/ui/screens/login/launchLoginOnce";
import { Browser, launchParams, orderRequest, startService, type Service } from "../server/harness";
import { setupFlow, settle } from "../ui/screens/harness";
import { shippedResults } from "../ui/shippedCatalogues";
import { shippedTexts } from "../ui/shippedTexts";

const ResultScreen = withDefinition<"result", typeof shippedResults>(ResultScreenModule, shippedResults);
const NOT_ALLOWED = shippedTexts.common.returnUrlNotAllowed;

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());
afterEach(cleanup);

/** A browser logged in to a new order of the demo app (which allows the service's own origin): its session and API client. */
async function loggedIn(): Promise<{ api: ApiClient; query: Record<string, string> }> {
  const browser = new Browser(service.baseUrl);
  const created = await service.partner.createOrder(orderRequest(service));
  const query = launchParams(created.launchUrl);
  const api = createApiClient({ baseUrl: service.baseUrl, fetch: browser.fetch });
  return { api, query };
}

/** Taps 完成 on the success page and lets the hand-back (and the service's answer) settle. */
async function finishOn(flow: ReturnType<typeof setupFlow>): Promise<void> {
  flow.rt.storage.setJSON("resultValues", { code: "0", sign: "SIG" });
  const view = flow.renderScreen(ResultScreen, "success");
  fireEvent.click(view.getByRole("button", { name: "完成" }));
  for (let i = 0; i < 20 && flow.nav.assign.mock.calls.length === 0 && !screen.queryByText(NOT_ALLOWED); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
  }
  await settle();
}

describe("spec §3/§4: the return address of a launch", () => {
  it("an unsigned launch whose url the partner app allows returns there at finish", async () => {
    const { api, query } = await loggedIn();
    // The session exists (the login above), the page itself carries no sign: cookie mode.
    await api.login(loginRequestSchema.parse(query));
    const back = `${service.baseUrl}/#/srcEntry`;
    const flow = setupFlow({ url: `/?url=${encodeURIComponent(back)}&order_no=${query.order_no}&h5_face_id=${query.h5_face_id}#/success`, keepLaunchedReturnUrl: true, api });
    await finishOn(flow);
    expect(flow.nav.assign).toHaveBeenCalledTimes(1);
    const left = new URL(flow.nav.assign.mock.calls[0]![0]);
    expect(left.origin).toBe(service.baseUrl);
    expect(left.hash).toBe("#/srcEntry");
    expect(left.searchParams.get("code")).toBe("0");
    expect(left.searchParams.get("orderNo")).toBe(query.order_no);
  });

  it("an unsigned launch whose url the partner app does not allow stays, and tells the user why", async () => {
    const { api, query } = await loggedIn();
    await api.login(loginRequestSchema.parse(query));
    const flow = setupFlow({ url: `/?url=${encodeURIComponent("https://evil.example/steal")}&order_no=${query.order_no}&h5_face_id=${query.h5_face_id}#/success`, keepLaunchedReturnUrl: true, api });
    await finishOn(flow);
    expect(flow.nav.assign).not.toHaveBeenCalled();
    expect(flow.nav.replace).not.toHaveBeenCalled();
    expect(screen.getByText(NOT_ALLOWED)).toBeTruthy();
    // Nothing was handed back, so the launch is not over.
    expect(flow.rt.storage.get("url")).toBe('"https://evil.example/steal"');
  });

  it("without a session nothing vouches for an unsigned url: the user is told, not sent", async () => {
    const { api, query } = await loggedIn();
    const flow = setupFlow({ url: `/?url=${encodeURIComponent(`${service.baseUrl}/#/srcEntry`)}&h5_face_id=${query.h5_face_id}#/success`, keepLaunchedReturnUrl: true, api });
    await finishOn(flow);
    expect(flow.nav.assign).not.toHaveBeenCalled();
    expect(screen.getByText(NOT_ALLOWED)).toBeTruthy();
  });

  it("a signed launch returns to the address the service vouched for, even when a later link with its sign carries another url", async () => {
    const { api, query } = await loggedIn();
    const signed = new URLSearchParams(query).toString();
    const first = setupFlow({ url: `/?${signed}#/login`, keepLaunchedReturnUrl: true, api });
    expect(await launchLogin(first.rt, shippedTexts, api)).toEqual({ kind: "loggedIn" });
    cleanup();
    // The same browser opens a link with the same sign but another url (first value wins).
    const crafted = setupFlow({ url: `/?url=${encodeURIComponent("https://evil.example/steal")}&${signed}#/success`, keepStorage: true, keepLaunchedReturnUrl: true, api });
    await finishOn(crafted);
    expect(crafted.nav.assign).toHaveBeenCalledTimes(1);
    const left = new URL(crafted.nav.assign.mock.calls[0]![0]);
    expect(`${left.origin}${left.pathname}${left.hash}`).toBe(query.url);
  });
});
