/**
 * The demo partner's order form as data (issue 3 "Demo partner pages"): its state, the
 * rules between its fields, and the order request it becomes. No React, so the rules are
 * tested without rendering.
 */
import type { ActionCode, DemoOrderRequest } from "../../../../schemas/api";
import { DEMO_RETURN_ROUTES } from "../../../../schemas/apiCodes";
import { THEMES } from "../../../../schemas/launch";
import { isDemoReturnUrl } from "../../../engine/demoCheck";

export const DEMO_MODES = ["number", "action", "silent", "will"] as const;
export type DemoMode = (typeof DEMO_MODES)[number];
export type DemoReturnRoute = (typeof DEMO_RETURN_ROUTES)[number];
type DemoTheme = (typeof THEMES)[number];

/** The landscape theme runs only the number check (spec §4: action and silent are off for 02). */
const LANDSCAPE_THEME = "02";

export interface DemoOrderForm {
  mode: DemoMode;
  /** Actions in the order the user picked them, which is the order they are asked for. */
  actions: ActionCode[];
  willQuestion: string;
  /** Confirm the will by nodding (will_type 2) instead of speaking. */
  willNod: boolean;
  theme: DemoTheme;
  /** The launch's `lang`, a tag of flows/languages.json; "" follows the browser's languages (no `lang`). */
  lang: string;
  splashPage: boolean;
  /** On-device face guidance (the order option; on unless turned off). */
  guidance: boolean;
  /** Return with location.replace (redirect_type 1) instead of location.assign. */
  replaceOnReturn: boolean;
  returnRoute: DemoReturnRoute;
}

type DemoFormProblem = "actionsEmpty" | "questionEmpty";

export const WILL_QUESTION_MAX = 200;

export function initialDemoForm(returnRoute: DemoReturnRoute, willQuestion: string): DemoOrderForm {
  return {
    mode: "action",
    actions: ["2", "3"],
    willQuestion,
    willNod: false,
    theme: "",
    lang: "",
    splashPage: false,
    guidance: true,
    replaceOnReturn: false,
    returnRoute,
  };
}

/** Modes the theme allows. */
export function modesFor(theme: DemoTheme): readonly DemoMode[] {
  return theme === LANDSCAPE_THEME ? ["number"] : DEMO_MODES;
}

/** The form after choosing a theme: a mode the theme does not run falls back to number. */
export function withTheme(form: DemoOrderForm, theme: DemoTheme): DemoOrderForm {
  return { ...form, theme, mode: modesFor(theme).includes(form.mode) ? form.mode : "number" };
}

/** Picks an action (appended, so it is asked for last) or unpicks it. */
export function toggleAction(actions: readonly ActionCode[], code: ActionCode): ActionCode[] {
  return actions.includes(code) ? actions.filter((a) => a !== code) : [...actions, code];
}

export function usesActions(mode: DemoMode): boolean {
  return mode === "action" || mode === "will";
}

/** What stops the form from being sent, if anything. */
export function formProblem(form: DemoOrderForm): DemoFormProblem | null {
  if (usesActions(form.mode) && form.actions.length === 0) return "actionsEmpty";
  if (form.mode === "will" && form.willQuestion.trim() === "") return "questionEmpty";
  return null;
}

const LIVE_TYPE = { number: "1", action: "2", silent: "3", will: "2" } as const satisfies Record<DemoMode, DemoOrderRequest["liveType"]>;

/**
 * The order request of the form. Will mode runs as action liveness over real-time video,
 * because the guard sends will mode anywhere else to errorSettings (spec §2 guard step 3).
 */
export function demoOrderRequestOf(form: DemoOrderForm): DemoOrderRequest {
  const launch: NonNullable<DemoOrderRequest["launch"]> = {};
  if (form.splashPage) launch.splash_page = "1";
  if (form.replaceOnReturn) launch.redirect_type = "1";
  if (form.mode === "will") launch.rtc_mode_switch = "1";
  const request: DemoOrderRequest = { liveType: LIVE_TYPE[form.mode], returnRoute: form.returnRoute };
  if (usesActions(form.mode)) request.actions = [...form.actions];
  if (form.mode === "will") request.will = { question: form.willQuestion.trim(), nod: form.willNod };
  if (form.theme !== "") request.theme = form.theme;
  if (form.lang !== "") request.lang = form.lang;
  // Sent only when turned off: on is the service's default.
  if (!form.guidance) request.guidance = false;
  if (Object.keys(launch).length > 0) request.launch = launch;
  return request;
}

type LaunchCheck =
  | { ok: true }
  /** The launch returns somewhere that is not a demo page of this page's app; `demoPage` is one that is. */
  | { ok: false; returnUrl: string | null; demoPage: string };

/**
 * The demo check (spec §2) on the launch the service issued: its return address must be a
 * demo page on this page's origin and path, or the result would never be shown here (e.g.
 * the demo was opened under another host name than the service's public origin).
 */
export function checkLaunchReturn(launchUrl: string, here: { origin: string; pathname: string }, route: DemoReturnRoute): LaunchCheck {
  let launch: URL;
  try {
    launch = new URL(launchUrl, `${here.origin}${here.pathname}`);
  } catch {
    return { ok: false, returnUrl: null, demoPage: `${here.origin}${here.pathname}#/${route}` };
  }
  const returnUrl = launch.searchParams.get("url");
  if (isDemoReturnUrl(returnUrl ?? undefined, here)) return { ok: true };
  return { ok: false, returnUrl, demoPage: `${launch.origin}${launch.pathname}#/${route}` };
}
