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
 * - `defaultShell`: the default language's `shell` section, embedded: the page shell needs
 *   titles and a load-failed text before anything else can be fetched. Every other language's
 *   shell rides in its own texts table (textSections.mjs), which index.html preloads for the
 *   page's language, so a language added to the list does not bring its words to every page's
 *   first screen (issue 30);
 * - `texts`: for each language, the loader of its texts file cut into chunks per set of
 *   sections (scripts/build/textSections.mjs), so a page downloads only its own language's
 *   texts, and only those of the screens it shows.
 */
export function languagesModuleCode(root) {
  const list = readJson(join(root, "flows/languages.json"));
  delete list.$schema;
  const loaders = list.languages.map(({ tag }) => `${JSON.stringify(tag)}: () => import(${JSON.stringify(join(root, "flows", `texts.${tag}.json`) + "?sections")})`);
  return [
    `export const languages = ${JSON.stringify(list)};`,
    `export const defaultShell = ${JSON.stringify(readJson(join(root, "flows", `texts.${list.default}.json`)).shell)};`,
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
