/**
 * axe's WCAG 2.1 A/AA rules (issue 17) on every route of flows/routes.json, in every language
 * of flows/languages.json, in the default theme, on a phone-sized page: public routes opened
 * by their URL, the others through a signed launch of a fitting order and then a hash change,
 * as the flow moves from page to page. A route added to routes.json is checked here too.
 */
import { test, type BrowserContext, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y/axe";
import { LANGUAGES, unsignedUrl } from "./a11y/languages";
import { concretePath, currentHash, expectLanguage, launch, needsSession, open, orderKindOf, ROUTES, showHash, VIEWPORT } from "./a11y/reach";

for (const lang of LANGUAGES) {
  test.describe(`every route in ${lang.tag}`, () => {
    test.skip(lang.missing !== null, lang.missing ?? "");
    let context: BrowserContext;
    let page: Page;
    /** The order kind the page's session was launched for: routes of the same kind share it. */
    let session: string | null = null;
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await browser.newContext({ baseURL: baseURL!, locale: lang.tag, viewport: VIEWPORT, permissions: ["camera", "microphone"] });
      page = await context.newPage();
      session = null;
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const route of ROUTES) {
      test(route.path, async ({ baseURL }) => {
        const path = concretePath(route);
        if (needsSession(route)) {
          const kind = orderKindOf(route);
          if (session !== kind) {
            await launch(page, baseURL!, kind, lang);
            session = kind;
          }
          await showHash(page, path);
        } else {
          session = null;
          await open(page, unsignedUrl(lang, path));
        }
        const landed = await currentHash(page);
        test.info().annotations.push({ type: "shown", description: landed });
        await expectLanguage(page, lang);
        await expectAccessible(page, `${route.path} in ${lang.tag}, showing ${landed}`);
      });
    }
  });
}
