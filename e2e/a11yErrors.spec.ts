/**
 * axe's WCAG 2.1 A/AA rules (issue 17) on every status of the error catalogue
 * (flows/errors.json) at /#/error?status=…, in every language of flows/languages.json, in the
 * default theme, on a phone-sized page; and, where the action page shows a status differently
 * (text by check mode, a quit button once a return address is known), at /#/action/error in a
 * signed action-mode session. One page per language: each status is a hash change.
 */
import { test, type BrowserContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { errorsFileSchema } from "../schemas/errors";
import { expectAccessible } from "./a11y/axe";
import { LANGUAGES, unsignedUrl } from "./a11y/languages";
import { expectLanguage, launch, open, showHash, VIEWPORT } from "./a11y/reach";

const CATALOGUE = errorsFileSchema.parse(JSON.parse(readFileSync(new URL("../flows/errors.json", import.meta.url), "utf8")));
const STATUSES = Object.keys(CATALOGUE.statuses) as (keyof typeof CATALOGUE.statuses)[];
/** Statuses whose screen depends on the session: their text follows the check mode, or they quit only to a known return address. */
const SESSION_DEPENDENT = STATUSES.filter((s) => {
  const entry = CATALOGUE.statuses[s];
  return entry.textByMode !== undefined || entry.quitOnlyIfReturnUrl === true;
});

for (const lang of LANGUAGES) {
  test.describe(`every error status in ${lang.tag}`, () => {
    test.skip(lang.missing !== null, lang.missing ?? "");
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await browser.newContext({ baseURL: baseURL!, locale: lang.tag, viewport: VIEWPORT, reducedMotion: "reduce" });
      page = await context.newPage();
      await open(page, unsignedUrl(lang, "/protocol"));
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const status of STATUSES) {
      test(status, async () => {
        await showHash(page, `/error?status=${encodeURIComponent(status)}`);
        await expectLanguage(page, lang);
        await expectAccessible(page, `/error?status=${status} in ${lang.tag}`);
      });
    }

    test("an unknown status, with the URL's code and message", async () => {
      await showHash(page, `/error?status=noSuchStatus&code=1234&msg=${encodeURIComponent("服务暂时不可用")}`);
      await expectAccessible(page, `/error?status=noSuchStatus in ${lang.tag}`);
    });

    test(`in an action-mode session, at /action/error: ${SESSION_DEPENDENT.join(", ")}`, async ({ baseURL }) => {
      await launch(page, baseURL!, "action", lang);
      for (const status of SESSION_DEPENDENT) {
        await showHash(page, `/action/error?status=${encodeURIComponent(status)}`);
        await expectAccessible(page, `/action/error?status=${status} in an action session, ${lang.tag}`);
      }
    });
  });
}
