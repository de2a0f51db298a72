// The languages of flows/languages.json, as one module the composition root imports
// (`virtual:faceflow-languages`), so that shipping a language is its texts file plus its line
// in the list, with no code to edit (issue 17).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const LANGUAGES_MODULE = "virtual:faceflow-languages";
const RESOLVED = "\0" + LANGUAGES_MODULE;

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/**
 * The module's code:
 * - `languages`: the list file, validated by `npm run validate` before any bundle is made;
 * - `shells`: every listed language's `shell` section, embedded: the page shell needs its
 *   titles and loading text before anything can be fetched, and they are a few hundred bytes;
 * - `texts`: for each language, the loader of its texts file cut into chunks per set of
 *   sections (scripts/build/textSections.mjs), so a page downloads only its own language's
 *   texts, and only those of the screens it shows.
 */
export function languagesModuleCode(root) {
  const list = readJson(join(root, "flows/languages.json"));
  delete list.$schema;
  const shells = {};
  const loaders = [];
  for (const { tag } of list.languages) {
    const file = join(root, "flows", `texts.${tag}.json`);
    shells[tag] = readJson(file).shell;
    loaders.push(`${JSON.stringify(tag)}: () => import(${JSON.stringify(file + "?sections")})`);
  }
  return [
    `export const languages = ${JSON.stringify(list)};`,
    `export const shells = ${JSON.stringify(shells)};`,
    `export const texts = { ${loaders.join(", ")} };`,
  ].join("\n");
}

/** The rolldown plugin that serves the module. */
export function languagesPlugin(root) {
  return {
    name: "faceflow-languages",
    resolveId: (source) => (source === LANGUAGES_MODULE ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? { code: languagesModuleCode(root), moduleType: "js" } : null),
  };
}

export const ALL_TEXTS_MODULE = "virtual:faceflow-all-texts";

/** The list and every listed language's whole texts file. */
export function allTextsModuleCode(root) {
  const list = readJson(join(root, "flows/languages.json"));
  delete list.$schema;
  const texts = Object.fromEntries(list.languages.map(({ tag }) => [tag, readJson(join(root, "flows", `texts.${tag}.json`))]));
  return `export const languages = ${JSON.stringify(list)};\nexport const texts = ${JSON.stringify(texts)};`;
}

/** The same module for the unit tests (a vite plugin in vitest.config.ts). */
export function allTextsVitePlugin(root) {
  return {
    name: "faceflow-all-texts",
    resolveId: (source) => (source === ALL_TEXTS_MODULE ? "\0" + ALL_TEXTS_MODULE : null),
    load: (id) => (id === "\0" + ALL_TEXTS_MODULE ? allTextsModuleCode(root) : null),
  };
}

/**
 * For the catalogue gallery (staff only, no size budget): the list and every listed
 * language's whole texts file, embedded, so it shows every status in every language.
 */
export function allTextsGalleryPlugin(root) {
  return {
    name: "faceflow-all-texts",
    setup(build) {
      build.onResolve({ filter: /^virtual:faceflow-all-texts$/ }, () => ({ path: ALL_TEXTS_MODULE, namespace: "faceflow-all-texts" }));
      build.onLoad({ filter: /.*/, namespace: "faceflow-all-texts" }, () => ({ contents: allTextsModuleCode(root), loader: "js" }));
    },
  };
}

/** Text for HTML: the characters markup would read, escaped. */
const htmlText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * What a page shows before the app mounts, in the page's language (issue 35): the shell's
 * loading text of every listed language, each in a span with its lang, and the style that hides
 * each span but the one of the document's lang. The route preloader, the first script of the
 * page, sets that lang before the body is parsed, as the runtime will choose it
 * (routePreload.mjs CHOOSE_LANGUAGE); without it the HTML's lang, the default, shows.
 * The CSP allows inline styles; the words are a few dozen bytes.
 * @example shellLoading(root).lang // "zh-CN"
 */
export function shellLoading(root) {
  const list = readJson(join(root, "flows/languages.json"));
  const loading = (tag) => readJson(join(root, "flows", `texts.${tag}.json`)).shell.loading;
  const tags = list.languages.map((l) => l.tag);
  return {
    lang: list.default,
    spans: tags.map((tag) => `<span lang="${tag}">${htmlText(loading(tag))}</span>`).join(""),
    style: `<style>${tags.map((tag) => `html:not([lang="${tag}"]) .ff-loading>[lang="${tag}"]`).join(",")}{display:none}</style>`,
  };
}
