/**
 * The launch's first login attempt, started at most once per page. The composition root
 * starts it as soon as the router's first decision is "/login" (src/main.tsx), so on a slow
 * network the request goes out while React renders instead of after the redirect and the
 * login page's first render; the login page then only listens to the same attempt. A launch
 * is single use, so a second request racing the first would be refused as used. When
 * index.html has already sent the login (src/boot/earlyLogin.ts), the first attempt reads that
 * answer instead of sending a request.
 */
import type { ApiClient } from "../../../api/client";
import { pageApiClient } from "../../apiContext";
import type { FlowRuntime } from "../../../runtime/runtime";
import { canKeepCookies } from "../../../session/cookieProbe";
import { forgetEarlyLogin } from "../../../boot/earlyLogin";
import { earlyLoginClient, takeEarlyLogin } from "./earlyLoginAnswer";
import type { NextPath } from "../../../../schemas/screenOutcomes";
import { fillText } from "../textTemplate";
import type { TextsOf } from "../../texts";
import { logInWithLaunch, type LoginOutcome } from "./launchLogin";

const firstAttempts = new WeakMap<FlowRuntime, Promise<LoginOutcome>>();

/**
 * The page's first login with its launch: started by the first caller, shared with later ones.
 * The composition root has no client of its own and starts it with the page's.
 */
export function launchLoginOnce(rt: FlowRuntime, texts: TextsOf<"login">, api: Pick<ApiClient, "login"> = pageApiClient(rt)): Promise<LoginOutcome> {
  const started = firstAttempts.get(rt);
  if (started) return started;
  const early = takeEarlyLogin(rt.win);
  const attempt = launchLogin(rt, texts, early ? earlyLoginClient(early, rt.stats, rt.win.location.origin) : api).then((outcome) => {
    // The login is stored now (or refused): a reload no longer needs the kept answer.
    forgetEarlyLogin(rt.win);
    return outcome;
  });
  firstAttempts.set(rt, attempt);
  return attempt;
}

/** A fresh login with the launch (a retry after the first found no network). */
export function launchLogin(rt: FlowRuntime, texts: TextsOf<"login">, api: Pick<ApiClient, "login">): Promise<LoginOutcome> {
  return logInWithLaunch({
    api,
    search: rt.search,
    storage: rt.storage,
    cookies: rt.cookies,
    canKeepCookies: () => canKeepCookies(rt.win.document, rt.win.navigator),
    unknownCodeMessage: (code) => fillText(texts.login.failed, { code }),
    stats: rt.stats,
  });
}

/** The login route's outcomes (flows/routes.json `next`). */
export type LoginNext = NextPath<"login">;

/**
 * Where a login outcome sends the flow: the login route's "loggedIn" (the root, where the entry
 * rules pick the start page), its "refused" (the error route), nowhere when offline (the login
 * page offers a retry).
 * @example outcomeTarget({ kind: "refused", query: { code: "400101" } }, next) // "/error?code=400101"
 */
export function outcomeTarget(outcome: LoginOutcome, next: LoginNext): string | null {
  switch (outcome.kind) {
    case "loggedIn":
      return next("loggedIn");
    case "refused":
      return next("refused", outcome.query);
    case "offline":
      return null;
  }
}
