/**
 * The app's HTML, in the language the page will choose (issue 30). The build writes one
 * index.html per listed language (scripts/build/appHtml.mjs): the default's as index.html,
 * every other's as index.<tag>.html, each with only its own language's loading text, title and
 * route preloads, so a language added to the list adds nothing to another language's page.
 * The service picks the file by the rules the page applies itself (src/domain/languageMatch.ts
 * pickLanguage): the URL's `lang` when listed, else the first Accept-Language tag a listed
 * language serves, else the default. The page's own choice can still differ (a later page of a
 * launch keeps the launch's language in storage, which no request carries): it then loads its
 * language's texts itself, a request later than a preloaded one.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import type { LanguagesFile } from "../../../schemas/languages";
import { pickLanguage } from "../../domain/languageMatch";
import { acceptedTags } from "./acceptLanguage";

/** The built page of a language: the default's is index.html, so a static host serves it as is. */
export function appPageFile(languages: LanguagesFile, tag: string): string {
  return tag === languages.default ? "index.html" : `index.${tag}.html`;
}

/** A signed launch's first page rendered by the service (../ssr/launchPage.ts), which `/` sends when it can. */
export interface LaunchPages {
  /** The rendered page for this request, sent; false when the request is not one (the caller sends the built page). */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** Only `lang` matters here; the launch's other parameters are the page's to parse. */
const pageQuerySchema = z.looseObject({ lang: z.optional(z.string()) });

/** The file for this request. */
export function appPageFor(languages: LanguagesFile, query: unknown, acceptLanguage: string | undefined): string {
  const parsed = z.safeParse(pageQuerySchema, query);
  const asked = parsed.success ? parsed.data.lang : undefined;
  return appPageFile(languages, pickLanguage(languages, asked, acceptedTags(acceptLanguage)).tag);
}

/**
 * Serves `/` and `/index.html` by language. A listed language without a built page (an app built
 * before its language was listed, or before the pages were split) gets index.html, as a static
 * host would serve it: that page works in every language the build knew, its texts a request
 * later. The service says so at start, naming the pages to build.
 */
export function registerAppPages(app: FastifyInstance, appDir: string, languages: LanguagesFile, launchPages: LaunchPages | null = null): void {
  const built = new Set(languages.languages.map((l) => appPageFile(languages, l.tag)).filter((file) => existsSync(join(appDir, file))));
  const missing = languages.languages.map((l) => appPageFile(languages, l.tag)).filter((file) => !built.has(file));
  if (missing.length > 0) app.log.warn({ appDir, missing }, "the built app has no page for some listed languages: they get index.html until npm run build");
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // A signed launch's first page, rendered by the service (issue 33), when it can be.
    if (launchPages !== null && (await launchPages.send(request, reply))) return reply;
    // Caches keep one copy per language the header asks for.
    reply.header("vary", "accept-language");
    const file = appPageFor(languages, request.query, request.headers["accept-language"]);
    return reply.sendFile(built.has(file) ? file : "index.html");
  };
  app.get("/", page);
  app.get("/index.html", page);
}
