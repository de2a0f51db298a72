/**
 * Reaching the flow's pages as a user does, for the a11y specs: public pages by their URL,
 * the others through a signed launch of a fitting order (the partner kit's demo app), then a
 * hash change, as the flow itself moves on. One page is reused for many screens: showing
 * another hash is far cheaper than loading the app again.
 */
import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import type { CreateOrderRequest } from "../../schemas/api";
import { routesFileSchema, type RouteDef } from "../../schemas/routes";
import { createLaunch } from "../signedLaunch";
import { launchLanguage, type A11yLanguage } from "./languages";

export const ROUTES: readonly RouteDef[] = routesFileSchema.parse(JSON.parse(readFileSync(new URL("../../flows/routes.json", import.meta.url), "utf8"))).routes;

// The a11y specs' contexts ask for reduced motion: every transition then ends at once (app.css),
// so axe never judges a button caught mid-fade (a colour it has for 150 ms); at rest the
// colours are the same with motion on, and tests/themes/motion.test.ts checks the motion itself.
/** A phone's page, as the a11y specs open every screen. */
export const VIEWPORT = { width: 390, height: 844 } as const;

/** A route path with its parameters filled in (/protocol/:product → /protocol/sample). */
export function concretePath(route: RouteDef): string {
  return route.path.replace(/:[A-Za-z_]+/g, "sample");
}

/**
 * A page is reached in a session when the guard asks for one (spec §2's gating), or when it
 * belongs to a mode (the result pages, the action and silent pages, the real-time and will
 * pages): a user reaches those only from a launch, and without one the flow shows the action
 * pages as the plain ones.
 */
export function needsSession(route: RouteDef): boolean {
  if (route.flags.auth || route.flags.needLoginOrCookie) return true;
  return route.path.startsWith("/action/") || route.path.startsWith("/willDegrade/") || route.props?.mode !== undefined;
}

export type OrderKind = "number" | "action" | "silent" | "will" | "stream";

/** The order whose launch leads to `route`: from its screen, then its mode and path. */
export function orderKindOf(route: RouteDef): OrderKind {
  if (route.screen === "wsRecord") return "stream";
  if (route.screen === "trtcRecord" || route.screen === "willDegrade" || route.props?.mode === "trtc") return "will";
  if (route.props?.mode === "silent") return "silent";
  if (route.props?.mode === "action" || route.path.startsWith("/action/")) return "action";
  return "number";
}

// As the demo partner page orders them (src/ui/screens/demo/demoOrder.ts): will mode runs as
// action liveness over real-time video, which this service degrades to a recording. The
// stream page needs a launch that turns the websocket check on.
const ORDERS: Record<OrderKind, Omit<CreateOrderRequest, "userId" | "returnUrl">> = {
  number: { liveType: "1" },
  action: { liveType: "2", actions: ["2", "3"] },
  silent: { liveType: "3" },
  will: { liveType: "2", actions: ["2", "3"], will: { question: "您是否本人自愿申请办理本次业务？" }, launch: { rtc_mode_switch: "1" } },
  stream: { liveType: "2", actions: ["2", "3"], launch: { ws_mode_switch: "1" } },
};

/** The hash the app shows now, decoded ("/error?status=…"). */
export async function currentHash(page: Page): Promise<string> {
  return page.evaluate(() => decodeURIComponent(location.hash.replace(/^#/, "")));
}

/** Waits for the router to have shown a page since `forgetPage` (it sets pageId once a screen mounted). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.pageId !== undefined);
  // The screens' own lazily loaded parts (the demo result, the start page's checks) have their loading state.
  await expect(page.locator(".ff-loading")).toHaveCount(0);
}

/** Shows `hash` in the page as a link in the app would (a hash change, no reload), and waits for it. */
export async function showHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    // Already there (a launch lands on its start page): no hash change, the page stays as it is.
    if (decodeURIComponent(location.hash) === `#${h}`) return;
    delete document.documentElement.dataset.pageId;
    location.hash = h;
  }, hash);
  await settled(page);
}

/** Opens `url` afresh and waits for its page. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settled(page);
}

/** A signed launch of the order `kind` in `lang`, opened: the flow logs in and lands on its start page. */
export async function launch(page: Page, baseURL: string, kind: OrderKind, lang: A11yLanguage, extra: Partial<CreateOrderRequest> = {}): Promise<string> {
  const created = await createLaunch(baseURL, {
    ...ORDERS[kind],
    returnUrl: new URL("/#/entry", baseURL).href,
    ...extra,
    launch: { ...ORDERS[kind].launch, ...launchLanguage(lang), ...extra.launch },
  });
  await page.goto(created.launchUrl);
  await page.waitForFunction(() => /^#\/(h5pre|pre|action\/)/.test(location.hash) && document.documentElement.dataset.pageId !== undefined);
  await settled(page);
  return created.orderNo;
}

/** The language the page shows (<html lang>), for the specs to check the choice took. */
export async function expectLanguage(page: Page, lang: A11yLanguage): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", lang.tag);
}
