// @vitest-environment jsdom
import { createScreens } from "../../../src/ui/screens";
import { registryTexts } from "../shippedTexts";
import { nextOf } from "../../../src/flow/next";
import { routeProps } from "../../../src/ui/screenContract";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LoginRequest, LoginResponse } from "../../../schemas/api";
import { launchParamsSchema } from "../../../schemas/launch";
import { storedValueSchemas } from "../../../schemas/session";
import { ApiError, CLIENT_ERROR_CODES } from "../../../src/api/apiError";
import { API_ERROR_SCREEN } from "../../../schemas/apiCodes";
import { CLIENT_ERROR_SCREEN, UNMAPPED_API_ERROR_STAT } from "../../../src/api/screenForApiError";
import type { ApiClient } from "../../../src/api/client";
import { ApiProvider } from "../../../src/ui/apiContext";
import { FlowProvider } from "../../../src/ui/FlowProvider";
import LoginScreen from "../../../src/ui/screens/LoginScreen";
import { ScreenTextsProvider } from "../../../src/ui/screenTexts";
import { shippedTexts } from "../shippedTexts";
import { launchLoginOnce } from "../../../src/ui/screens/login/launchLoginOnce";
import { SESSION_TOKEN_KEY, sessionTokenSchema } from "../../../src/ui/sessionToken";
import { setupFlow, settle, type Flow } from "./harness";
import { LOGIN_ANSWER, ORDER_NO, SIGN } from "./loginAnswer";

afterEach(cleanup);

const TOKEN = "f".repeat(64);
const LAUNCH =
  "/?live_type=1&url=https%3A%2F%2Fp.example%2Fback&wb_app_id=TIDA0001&order_no=ord_0123456789ab" +
  `&h5_face_id=h5f_1&user_id=u1&sign=${encodeURIComponent(SIGN)}&utm_source=mail`;

const ANSWER: LoginResponse = { ...LOGIN_ANSWER, sessionToken: TOKEN };

type Login = (params: LoginRequest, signal?: AbortSignal) => Promise<LoginResponse>;

/** An API double whose login is the given function; the login screen calls nothing else. */
function fakeApi(login: Login) {
  const unused = () => Promise.reject(new Error("not used by the login screen"));
  const loginMock = vi.fn(login);
  const api: ApiClient = {
    login: loginMock,
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
    demoCreateOrder: unused,
    demoVerify: unused,
  };
  return { api, login: loginMock };
}

/**
 * A login the test answers itself: `answerTheOneRequest` checks that exactly one request went
 * out, answers it, and waits for the flow to reach the root with no second request.
 */
function heldLogin() {
  let answer: (value: LoginResponse) => void = () => undefined;
  const { api, login } = fakeApi(() => new Promise((resolve) => (answer = resolve)));
  const answerTheOneRequest = async (flow: Flow) => {
    await settle();
    expect(login).toHaveBeenCalledTimes(1);
    await act(async () => answer(ANSWER));
    await waitFor(() => expect(flow.hash()).toBe("/"));
    expect(login).toHaveBeenCalledTimes(1);
  };
  return { api, login, answerTheOneRequest };
}

function renderLogin(flow: Flow, api: ApiClient, strict = false) {
  const route = flow.rt.engine.routeByName("login");
  const screen = (
    <FlowProvider runtime={flow.rt}>
      <ApiProvider api={api}>
        <ScreenTextsProvider texts={registryTexts(createScreens(flow.rt), "login")}>
          <LoginScreen route={route} props={routeProps<"login">(route)} next={nextOf(route)} params={{}} query={{}} />
        </ScreenTextsProvider>
      </ApiProvider>
    </FlowProvider>
  );
  return render(strict ? <StrictMode>{screen}</StrictMode> : screen);
}

function launchFlow(url = `${LAUNCH}#/login`): Flow {
  return setupFlow({ url });
}

const storedUrl = (flow: Flow) => flow.rt.storage.getParsed("url", launchParamsSchema.shape.url);
const loginSign = (flow: Flow) => flow.rt.storage.getParsed("loginSign", storedValueSchemas.loginSign);

describe("LoginScreen", () => {
  it("shows a waiting state while the service checks the launch", async () => {
    const flow = launchFlow();
    const { api } = fakeApi(() => new Promise(() => undefined));
    const view = renderLogin(flow, api);
    expect(view.getByRole("status").textContent).toContain("正在校验验证链接");
    await settle();
    expect(flow.hash()).toBe("/login");
  });

  it("logs in with the page's launch parameters and sign, stores the login sign and goes to the root", async () => {
    const flow = launchFlow();
    const { api, login } = fakeApi(async () => ANSWER);
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toBe("/"));
    expect(login).toHaveBeenCalledTimes(1);
    const sent = login.mock.calls[0]?.[0];
    expect(sent).toMatchObject({ live_type: "1", url: "https://p.example/back", order_no: ORDER_NO, h5_face_id: "h5f_1", sign: SIGN });
    // Only launch parameters travel; the partner's own tracking parameter is not part of the launch.
    expect(sent).not.toHaveProperty("utm_source");
    expect(loginSign(flow)).toBe(SIGN);
  });

  it("stores the return address the service answered with, not the one in the page URL", async () => {
    const flow = launchFlow();
    const { api } = fakeApi(async () => ANSWER);
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toBe("/"));
    expect(flow.rt.storage.get("url")).toBe('"https://partner.example/registered-return"');
  });

  it("logs in exactly once under StrictMode, because the launch is single use", async () => {
    const flow = launchFlow();
    const held = heldLogin();
    const navigate = vi.spyOn(flow.rt.location, "navigate");
    renderLogin(flow, held.api, true);
    await held.answerTheOneRequest(flow);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith("/", { replace: true });
  });

  it("listens to a login the page started before it rendered, without a second request", async () => {
    const flow = launchFlow();
    const held = heldLogin();
    // What src/main.tsx does when the router's first decision is /login.
    const early = launchLoginOnce(flow.rt, shippedTexts, held.api);
    expect(launchLoginOnce(flow.rt, shippedTexts, held.api)).toBe(early);
    renderLogin(flow, held.api, true);
    await held.answerTheOneRequest(flow);
    expect(loginSign(flow)).toBe(SIGN);
  });

  it("asks for the session token when the page cannot keep cookies, and keeps it for later requests", async () => {
    const flow = launchFlow();
    Object.defineProperty(window.navigator, "cookieEnabled", { value: false, configurable: true });
    try {
      const { api, login } = fakeApi(async () => ANSWER);
      renderLogin(flow, api);
      await waitFor(() => expect(flow.hash()).toBe("/"));
      expect(login.mock.calls[0]?.[0]).toMatchObject({ sign: SIGN, cookieless: true });
      expect(flow.rt.storage.getParsed(SESSION_TOKEN_KEY, sessionTokenSchema)).toBe(TOKEN);
    } finally {
      Reflect.deleteProperty(window.navigator, "cookieEnabled");
    }
  });

  it("does not ask for the session token when the page keeps cookies, and keeps none", async () => {
    const flow = launchFlow("/?cookieless=true&" + LAUNCH.slice(2) + "#/login");
    const { sessionToken: _none, ...cookieAnswer } = ANSWER;
    const { api, login } = fakeApi(async () => cookieAnswer);
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toBe("/"));
    // The page decides: a `cookieless` in the launch URL is replaced by what the page found.
    expect(login.mock.calls[0]?.[0]).toMatchObject({ sign: SIGN, cookieless: false });
    expect(flow.rt.storage.getParsed(SESSION_TOKEN_KEY, sessionTokenSchema)).toBeUndefined();
  });

  it("does not log in again with a sign this browser already logged in with", async () => {
    const flow = launchFlow();
    flow.rt.storage.setJSON("loginSign", SIGN);
    const { api, login } = fakeApi(async () => ANSWER);
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toBe("/"));
    expect(login).not.toHaveBeenCalled();
  });

  it("without a sign there is nothing to log in with: the entry rules decide from the root", async () => {
    const flow = launchFlow("/?live_type=1&order_no=O1#/login");
    const { api, login } = fakeApi(async () => ANSWER);
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toBe("/"));
    expect(login).not.toHaveBeenCalled();
  });

  // Each code's screen is its entry in API_ERROR_SCREEN (or the client's table): a new status
  // given to one of these codes changes the definition, not this test.
  it.each([
    ["LAUNCH_USED", 409, `/error?status=${API_ERROR_SCREEN.LAUNCH_USED}`],
    ["LAUNCH_EXPIRED", 410, `/error?status=${API_ERROR_SCREEN.LAUNCH_EXPIRED}`],
    ["ORDER_FINISHED", 409, `/error?status=${API_ERROR_SCREEN.ORDER_FINISHED}`],
    ["RATE_LIMITED", 429, `/error?status=${API_ERROR_SCREEN.RATE_LIMITED}`],
    ["INTERNAL", 500, `/error?status=${API_ERROR_SCREEN.INTERNAL}`],
    [CLIENT_ERROR_CODES.badResponse, 502, `/error?status=${CLIENT_ERROR_SCREEN[CLIENT_ERROR_CODES.badResponse]}`],
  ])("a login refused with %s (HTTP %i) shows %s and keeps the signed return address", async (code, status, route) => {
    const flow = launchFlow();
    const { api } = fakeApi(() => Promise.reject(new ApiError(status, code, "refused")));
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toBe(route));
    expect(storedUrl(flow)).toBe("https://p.example/back");
    expect(loginSign(flow)).toBeUndefined();
  });

  it("a tampered launch shows the code-only link-invalid screen and drops the unsigned return address", async () => {
    const flow = launchFlow();
    const { api } = fakeApi(() => Promise.reject(new ApiError(400, "400101", "launch link invalid: signature does not match")));
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toBe("/error?code=400101"));
    expect(storedUrl(flow)).toBeUndefined();
    expect(loginSign(flow)).toBeUndefined();
  });

  it.each(["SOMETHING_NEWER", "AUTH_SIGNATURE"])("a code without an error screen (%s) shows publicError naming it", async (code) => {
    const flow = launchFlow();
    const { api } = fakeApi(() => Promise.reject(new ApiError(400, code, "refused")));
    renderLogin(flow, api);
    await waitFor(() => expect(flow.hash()).toMatch(/^\/error\?status=publicError&msg=/));
    expect(flow.hash()).toContain(`错误码：${code}`);
    expect(flow.rt.stats.pending().filter((e) => e.name === UNMAPPED_API_ERROR_STAT).map((e) => e.data.code)).toEqual([code]);
  });

  it("a network failure offers a retry instead of a dead end, and retrying logs in", async () => {
    const flow = launchFlow();
    const answers: Array<() => Promise<LoginResponse>> = [
      () => Promise.reject(new ApiError(0, CLIENT_ERROR_CODES.network, "no answer from the service")),
      async () => ANSWER,
    ];
    const { api, login } = fakeApi(() => (answers.shift() ?? (() => Promise.reject(new Error("called too often"))))());
    const view = renderLogin(flow, api, true);
    const retry = await view.findByRole("button", { name: "重试" });
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("无法连接验证服务");
    expect(flow.hash()).toBe("/login");
    expect(login).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(retry));
    await waitFor(() => expect(flow.hash()).toBe("/"));
    expect(login).toHaveBeenCalledTimes(2);
    expect(loginSign(flow)).toBe(SIGN);
  });

  it("a login that finishes after the screen went away still records the sign but navigates nowhere", async () => {
    const flow = launchFlow();
    let answer: (value: LoginResponse) => void = () => undefined;
    const { api } = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    const view = renderLogin(flow, api);
    await settle();
    view.unmount();
    await act(async () => answer(ANSWER));
    await settle();
    expect(loginSign(flow)).toBe(SIGN);
    expect(flow.hash()).toBe("/login");
  });
});
