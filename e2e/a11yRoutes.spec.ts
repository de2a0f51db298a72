/**
 * axe's WCAG 2.1 A/AA rules (issue 17) on every route of flows/routes.json, in every language
 * of flows/languages.json, in the default theme, on a phone-sized page: public routes opened
 * by their URL, the others through a signed launch of a fitting order and then a hash change,
 * as the flow moves from page to page. A route added to routes.json is checked here too.
 * The routes are taken public ones first, then by the kind of session they need, so that
 * one launch serves all the pages of its kind and public pages follow one another by hash.
 */
import { test, type BrowserContext, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y/axe";
import { LANGUAGES, unsignedUrl } from "./a11y/languages";
import { concretePath, currentHash, expectLanguage, launch, needsSession, open, orderKindOf, ROUTES, showHash, VIEWPORT } from "./a11y/reach";

const sessionOf = (route: (typeof ROUTES)[number]) => (needsSession(route) ? orderKindOf(route) : "public");
const KINDS = ["public", "number", "action", "silent", "will", "stream"];
const ORDERED = [...ROUTES].sort((a, b) => KINDS.indexOf(sessionOf(a)) - KINDS.indexOf(sessionOf(b)));

for (const lang of LANGUAGES) {
  test.describe(`every route in ${lang.tag}`, () => {
    test.skip(lang.missing !== null, lang.missing ?? "");
    let context: BrowserContext;
    let page: Page;
    /** The order kind the page's session was launched for ("public": an unsigned page), which later routes of that kind share. */
    let session: string | null = null;
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await browser.newContext({ baseURL: baseURL!, locale: lang.tag, viewport: VIEWPORT, reducedMotion: "reduce", permissions: ["camera", "microphone"] });
      page = await context.newPage();
      session = null;
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const route of ORDERED) {
      test(route.path, async ({ baseURL }) => {
        const path = concretePath(route);
        const kind = sessionOf(route);
        if (session === kind) await showHash(page, path);
        else if (kind === "public") await open(page, unsignedUrl(lang, path));
        else {
          await launch(page, baseURL!, kind, lang);
          await showHash(page, path);
        }
        session = kind;
        const landed = await currentHash(page);
        test.info().annotations.push({ type: "shown", description: landed });
        await expectLanguage(page, lang);
        await expectAccessible(page, `${route.path} in ${lang.tag}, showing ${landed}`);
      });
    }
  });
}
