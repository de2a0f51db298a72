/**
 * The launch's login, sent by index.html itself (issue 14). On a slow phone the app's own
 * script takes seconds to arrive and run; the login is one small round trip that does not
 * need it. So a classic inline script, built from this file (scripts/build/earlyLogin.mjs)
 * and allowed by its hash in the CSP, posts the launch query as soon as the page is parsed,
 * and leaves the answer, unparsed, on the window. The login page's first attempt takes it
 * from there (src/ui/screens/login/earlyLoginAnswer.ts) instead of sending its own request,
 * and parses it by the same schema as any answer of the service.
 *
 * It sends only what the login page would: for a launch (a `sign` in the query) opened on the
 * root route, where the entry rules start with the login. The service checks the request as
 * it checks every login (schemas/api.ts loginRequestSchema, the signature, single use), and
 * the app still checks the launch before it uses the answer: a launch the app refuses is
 * refused whatever the service said. A page that had logged in already (a reload) does not
 * take the answer; the service gives the same browser its session back, or refuses a used
 * launch, and nothing changes either way.
 *
 * No zod and no React here: the script must stay a few hundred bytes (the build checks).
 */
import { LOGIN_PATH } from "../api/paths";
import { canKeepCookies } from "../session/cookieProbe";
import { isCookieLessMode, parseQuery } from "../session/query";

/** The window property the answer waits under (an EarlyLoginSlot). */
export const EARLY_LOGIN_KEY = "__faceflowEarlyLogin";

/** What came back: the status and body as sent, or why nothing did. Never a rejection. */
export type EarlyLoginAnswer = { ok: true; status: number; text: string } | { ok: false; message: string };

/** What the script leaves on the window: the answer, and whether it has come yet. */
export interface EarlyLoginSlot {
  answer: Promise<EarlyLoginAnswer>;
  settled: boolean;
}

type Page = Pick<Window, "location" | "document" | "navigator" | "fetch">;

/**
 * Post the launch's login if this page is a launch on the root route; undefined when it is not.
 * @example sendEarlyLogin(window) // a promise for "/?live_type=1&…&sign=…", undefined for "/#/entry"
 */
export function sendEarlyLogin(win: Page): Promise<EarlyLoginAnswer> | undefined {
  // The same reading of the hash route as the route preloader (scripts/build/routePreload.mjs).
  const route = win.location.hash.slice(1).split("?")[0] || "/";
  const search = parseQuery(win.location.search);
  if (route !== "/" || !isCookieLessMode(search)) return undefined;
  // The same body as the login page's (launchLogin.ts): the query, and whether to answer with a session token.
  const body = JSON.stringify({ ...search, cookieless: !canKeepCookies(win.document, win.navigator) });
  return win
    .fetch(LOGIN_PATH, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body,
      credentials: "include",
      cache: "no-store",
    })
    .then(
      (response) => response.text().then((text): EarlyLoginAnswer => ({ ok: true, status: response.status, text })),
      (error: unknown): EarlyLoginAnswer => ({ ok: false, message: String(error) }),
    )
    .catch((error: unknown): EarlyLoginAnswer => ({ ok: false, message: String(error) }));
}

/** Send the early login if this page is a launch, and leave its slot on the window. */
export function leaveEarlyLogin(win: Page): void {
  const answer = sendEarlyLogin(win);
  if (answer === undefined) return;
  const slot: EarlyLoginSlot = { answer, settled: false };
  void answer.then(() => {
    slot.settled = true;
  });
  (win as unknown as Record<string, unknown>)[EARLY_LOGIN_KEY] = slot;
}

/**
 * Whether the early login's answer has come already. The composition root asks before its
 * first render (src/main.tsx): then the app starts where the answer leads, past the login page.
 */
export function earlyLoginAnswered(win: object): boolean {
  const slot = (win as Record<string, unknown>)[EARLY_LOGIN_KEY];
  return typeof slot === "object" && slot !== null && (slot as { settled?: unknown }).settled === true;
}
