// The app's HTML: one page per listed language (issue 30). The service sends the page in the
// language the app will choose (src/server/http/appPages.ts); the default's is index.html, so
// a static host still serves a working page. Each page carries its own language only: its
// lang, title and loading text, and a route preloader that asks for its own texts' chunks
// (routePreload.mjs). A language added to the list is a page of its own, and changes no
// other language's page by a byte (checked after writing: `checkPagesApart`).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** The listed languages and the default's tag. */
export function readLanguageList(root) {
  return readJson(join(root, "flows/languages.json"));
}

/** A language's page file: the default's is index.html (src/server/http/appPages.ts appPageFile). */
export const appPageFile = (list, tag) => (tag === list.default ? "index.html" : `index.${tag}.html`);

/** A language's shell texts (titles, loading), as the page shows them before the app mounts. */
export const shellOf = (root, tag) => readJson(join(root, "flows", `texts.${tag}.json`)).shell;

/** Text for HTML: the characters markup would read, escaped. */
export const htmlText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What a page shows until the app mounts: the spinner and the language's loading text. */
export const loadingBox = (text) => `<div class="ff-loading" role="status"><span class="ff-spinner" aria-hidden="true"></span>${htmlText(text)}</div>`;

/**
 * The page's icon: none, said inline. Without an icon link the browser asks for /favicon.ico
 * on every cold load, a request (and a 404) racing the first screen on a slow network; an
 * image here would cost decoding on a slow CPU, for a tab an in-app browser never shows.
 */
const FAVICON = "data:,";

/**
 * A language's page: the entry (in the head: a module script runs after parsing anyway, and
 * there it is found at once; inline when it is only the line that starts the entry's chunk),
 * its chunks as module preloads, the early login and the route preloader inline (before the
 * stylesheet: a classic script after a stylesheet waits for it to arrive, and so would the
 * login and the route's chunks), and the stylesheet (the service allows exactly these inline
 * scripts by their hashes in the CSP, see src/server/http/inlineScripts.ts).
 */
function pageHtml({ tag, shell, entry, css, preloads, earlyLogin, preloader }) {
  const modulePreloads = preloads.map((href) => `<link rel="modulepreload" href="${href}">`).join("\n    ");
  const stylesheets = css.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n    ");
  return `<!doctype html>
<html lang="${tag}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="format-detection" content="telephone=no">
    <title>${htmlText(shell.titles.faceVerification)}</title>
    <link rel="icon" href="${FAVICON}">
    ${entry.inline === undefined ? `<script type="module" src="${entry.src}"></script>` : `<script type="module">${entry.inline}</script>`}
    ${modulePreloads}
    <script>${earlyLogin}</script>
    <script>${preloader}</script>
    ${stylesheets}
  </head>
  <body>
    <div id="root">${loadingBox(shell.loading)}</div>
    <noscript>请开启浏览器的 JavaScript 后重试。</noscript>
  </body>
</html>
`;
}

/**
 * Writes every listed language's page into `appOut`; `scripts` are routePreload.mjs's route
 * preloaders by language. Returns the files written, the default's first.
 */
export function writeAppPages({ root, appOut, entry, css, preloads, earlyLogin, scripts, firstScreenCode }) {
  const list = readLanguageList(root);
  const tags = [list.default, ...list.languages.map((l) => l.tag).filter((tag) => tag !== list.default)];
  const pages = tags.map((tag) => {
    const preloader = scripts[tag];
    if (preloader === undefined) throw new Error(`app pages: no route preloader for the language ${tag}`);
    const html = pageHtml({ tag, shell: shellOf(root, tag), entry, css, preloads, earlyLogin, preloader });
    writeFileSync(join(appOut, appPageFile(list, tag)), html);
    return { tag, file: appPageFile(list, tag), html };
  });
  checkPagesApart(root, list, pages, firstScreenCode);
  return pages.map((p) => p.file);
}

/**
 * Each page holds no other language's words or texts chunks: the loading text, the title and
 * the texts files of every other listed language are absent from it, and the first screen's
 * scripts (`firstScreenCode`, every page's) hold no words of a language but the default's.
 * What keeps a fourth language from weighing on the others' first screens, said as a check, so
 * a change that let the languages share a page again fails the build.
 */
export function checkPagesApart(root, list, pages, firstScreenCode) {
  const problems = [];
  const source = shellOf(root, list.default);
  for (const { tag } of list.languages.filter((l) => l.tag !== list.default)) {
    const shell = shellOf(root, tag);
    const words = [shell.loading, shell.loadFailed.message, shell.titles.faceVerification].filter((text) => text !== source.loading && text !== source.loadFailed.message && text !== source.titles.faceVerification);
    for (const text of words) if (firstScreenCode.includes(text)) problems.push(`the first screen's scripts carry ${tag}'s ${JSON.stringify(text)}`);
  }
  for (const page of pages) {
    for (const other of list.languages.map((l) => l.tag).filter((tag) => tag !== page.tag)) {
      const shell = shellOf(root, other);
      const own = shellOf(root, page.tag);
      const foreign = [shell.loading, shell.titles.faceVerification].filter((text) => text !== own.loading && text !== own.titles.faceVerification && page.html.includes(htmlText(text)));
      if (foreign.length > 0) problems.push(`${page.file} shows ${other}'s ${foreign.map((t) => JSON.stringify(t)).join(", ")}`);
      if (page.html.includes(`/texts.${other}-`)) problems.push(`${page.file} preloads ${other}'s texts`);
    }
  }
  if (problems.length > 0) throw new Error(`app pages: each language's page must carry its own language only:\n- ${problems.join("\n- ")}`);
}
