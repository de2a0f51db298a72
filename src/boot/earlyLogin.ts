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
 * refused whatever the service said. A page that had stored its login already (a reload) does
 * not take the answer; the service gives the same browser its session back, or refuses a used
 * launch, and nothing changes either way. An accepted answer is kept in sessionStorage until
 * the app has stored the login, so a reload before then answers with it instead of finding
 * the launch used.
 *
 * No zod and no React here: the script must stay about a kilobyte (the build checks).
 */
import type { EarlyLoginAnswer } from "../../schemas/earlyLogin";
import { LOGIN_PATH } from "../api/paths";
import { canKeepCookies } from "../session/cookieProbe";
import { isCookieLessMode, parseQuery } from "../domain/launchQuery";

/** The window property the answer waits under (an EarlyLoginSlot). */
export const EARLY_LOGIN_KEY = "__faceflowEarlyLogin";


/**
 * What the script leaves on the window: the answer (schemas/earlyLogin.ts; never a rejection),
 * and whether it has come yet.
 */
interface EarlyLoginSlot {
  answer: Promise<EarlyLoginAnswer>;
  settled: boolean;
}

/**
 * sessionStorage key of an accepted answer, kept until the app has stored the login: a launch
 * is single use, so a page reloaded (or an in-app browser reopened) while the app was still
 * loading would otherwise find its launch used, with the session token of a cookie-less login
 * lost with the first page. The app already keeps that token in script-readable storage.
 */
export const EARLY_LOGIN_KEPT_KEY = "faceflow_early_login";

type Page = Pick<Window, "location" | "document" | "navigator" | "fetch" | "sessionStorage">;

/** The launch query of this page: on the root route and with a `sign`; undefined otherwise. */
function launchQuery(win: Pick<Window, "location">): Record<string, string> | undefined {
  // The app's bundle is ES2020 (build.mjs BROWSER_TARGET). A browser whose parser stops short
  // of it would use up the launch here and then fail to run the app, so this script must fail
  // to parse there too: `??` does that (the build's es2020 target keeps it, and
  // tests/build/earlyLogin.test.ts checks the shipped script still has it).
  const hash = win.location.hash ?? "";
  // The same reading of the hash route as the route preloader (scripts/build/routePreload.mjs).
  const route = hash.slice(1).split("?")[0] || "/";
  const search = parseQuery(win.location.search);
  return route === "/" && isCookieLessMode(search) ? search : undefined;
}

/** The accepted answer kept for this sign by an earlier load of the page, if any. */
function keptAnswer(win: Pick<Window, "sessionStorage">, sign: string): EarlyLoginAnswer | undefined {
  try {
    const kept: unknown = JSON.parse(win.sessionStorage.getItem(EARLY_LOGIN_KEPT_KEY) ?? "null");
    if (typeof kept !== "object" || kept === null) return undefined;
    const { sign: keptSign, status, text } = kept as Record<string, unknown>;
    // Only the shape is checked here; the app parses the answer itself (earlyLoginAnswer.ts).
    return keptSign === sign && typeof status === "number" && typeof text === "string" ? { ok: true, status, text } : undefined;
  } catch {
    return undefined; // storage refused, or not our JSON: send the login
  }
}

function keep(win: Pick<Window, "sessionStorage">, sign: string, answer: EarlyLoginAnswer): void {
  if (!answer.ok || answer.status < 200 || answer.status >= 300) return;
  try {
    win.sessionStorage.setItem(EARLY_LOGIN_KEPT_KEY, JSON.stringify({ sign, status: answer.status, text: answer.text }));
  } catch {
    // Storage refused: a reload during start-up will find the launch used, as before.
  }
}

/** Drop the kept answer: the app has stored the login (src/ui/screens/login/launchLoginOnce.ts). */
export function forgetEarlyLogin(win: Pick<Window, "sessionStorage">): void {
  try {
    win.sessionStorage.removeItem(EARLY_LOGIN_KEPT_KEY);
  } catch {
    // Nothing was kept where storage is refused.
  }
}

/**
 * Post the launch's login if this page is a launch on the root route; undefined when it is not.
 * An accepted answer an earlier load of the page kept for the same sign is answered instead.
 * @example sendEarlyLogin(window) // a promise for "/?live_type=1&…&sign=…", undefined for "/#/entry"
 */
export function sendEarlyLogin(win: Page): Promise<EarlyLoginAnswer> | undefined {
  const search = launchQuery(win);
  const sign = search?.sign;
  if (search === undefined || sign === undefined) return undefined;
  const kept = keptAnswer(win, sign);
  if (kept !== undefined) return Promise.resolve(kept);
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
    .catch((error: unknown): EarlyLoginAnswer => ({ ok: false, message: String(error) }))
    .then((answer) => {
      keep(win, sign, answer);
      return answer;
    });
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
