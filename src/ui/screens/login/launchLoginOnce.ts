/**
 * The launch's first login attempt, started at most once per page. The composition root
 * starts it as soon as the router's first decision is "/login" (src/main.tsx), so on a slow
 * network the request goes out while React renders instead of after the redirect and the
 * login page's first render; the login page then only listens to the same attempt. A launch
 * is single use, so a second request racing the first would be refused as used.
 */
import { login as loginTexts } from "../../../../flows/texts.zh-CN.json";
import type { ApiClient } from "../../../api/client";
import { pageApiClient } from "../../apiContext";
import type { FlowRuntime } from "../../runtime";
import { canKeepCookies } from "../../sessionToken";
import { fillText } from "../textTemplate";
import { logInWithLaunch, type LoginOutcome } from "./launchLogin";

const firstAttempts = new WeakMap<FlowRuntime, Promise<LoginOutcome>>();

/**
 * The page's first login with its launch: started by the first caller, shared with later ones.
 * The composition root has no client of its own and starts it with the page's.
 */
export function launchLoginOnce(rt: FlowRuntime, api: Pick<ApiClient, "login"> = pageApiClient(rt)): Promise<LoginOutcome> {
  const started = firstAttempts.get(rt);
  if (started) return started;
  const attempt = launchLogin(rt, api);
  firstAttempts.set(rt, attempt);
  return attempt;
}

/** A fresh login with the launch (a retry after the first found no network). */
export function launchLogin(rt: FlowRuntime, api: Pick<ApiClient, "login">): Promise<LoginOutcome> {
  return logInWithLaunch({
    api,
    search: rt.search,
    storage: rt.storage,
    canKeepCookies: () => canKeepCookies(rt.win.document, rt.win.navigator),
    unknownCodeMessage: (code) => fillText(loginTexts.failed, { code }),
  });
}
