// Route preloading (issue 14): index.html carries a small inline script that reads the hash
// route before any module has arrived and asks at once for the chunks of that route's screen
// (and, on a launch, the screens the entry rules go to), so they download alongside the
// entry instead of one after another once React has rendered. The route table is
// flows/routes.json; a screen type's module, definition and texts are its row of the screen
// table (src/ui/screens/screenTable.ts, read by screenTable.mjs). Each
// language's page has its own script with its own texts' chunks (issue 30: the service sends
// the page in the language it will choose, src/server/http/appPages.ts).
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse as parsePattern } from "regexparam";
import { readScreenTable } from "./screenTable.mjs";
import { groupKey } from "./textSets.mjs";

/** The languages of flows/languages.json (the root registers each, scripts/build/languages.mjs). */
function readLanguages(root) {
  return JSON.parse(readFileSync(join(root, "flows/languages.json"), "utf8"));
}

/**
 * The modules of one language's texts: its table of loaders, and the group of a set of
 * sections (one chunk per set a screen's entry or the root names, textSections.mjs).
 */
function textModules(root, tag) {
  const file = `flows/texts.${tag}.json`;
  const known = Object.keys(JSON.parse(readFileSync(join(root, file), "utf8"))).filter((k) => k !== "$schema" && k !== "shell");
  return {
    table: `${file}?sections`,
    group: (names) => {
      for (const name of names) if (!known.includes(name)) throw new Error(`route preload: no text section "${name}" in ${file} (known: ${known.join(", ")})`);
      return `${file}?group=${groupKey(names)}`;
    },
  };
}

/**
 * Screen type → its module path and the definition and text modules loaded with it, from the
 * screen table's `screens` (screenTable.mjs). A screen's texts are the table and its set's one
 * chunk. A definition file must be one the composition root imports on demand
 * (`rootDynamicImports`, src/main.tsx's, as the bundler resolved them): the table names the
 * file its runtime loader imports.
 */
function screenModules(screens, texts, rootDynamicImports) {
  const tags = [...texts.keys()];
  const map = new Map();
  for (const entry of screens) {
    if (entry.definition !== undefined && !rootDynamicImports.includes(entry.definition)) {
      throw new Error(`route preload: screen type ${entry.type} renders from ${entry.definition} (src/ui/screens/screenTable.ts), which ${ROOT_MODULE} does not import on demand (it imports: ${rootDynamicImports.join(", ")})`);
    }
    const textFiles = (tag) => (entry.sections === null ? [] : [texts.get(tag).table, texts.get(tag).group(entry.sections)]);
    map.set(entry.type, { module: entry.module, definitions: entry.definition === undefined ? [] : [entry.definition], texts: Object.fromEntries(tags.map((tag) => [tag, textFiles(tag)])) });
  }
  return map;
}

/**
 * Screens a launch reaches only when its login is slow: index.html sends the login itself
 * (src/boot/earlyLogin.ts) and the app starts past the login page once the answer has come,
 * so the login page's chunk would be bytes on the wire that a launch seldom uses. It is
 * fetched when the login page is shown.
 */
const SHOWN_ON_A_SLOW_LOGIN = new Set(["login"]);

/** Modules the composition root imports at once on a launch: the login's first attempt (src/main.tsx). */
const LAUNCH_MODULES = ["src/ui/screens/login/launchLoginOnce.ts"];

/** The screens the entry rules may send a fresh launch on "/" to (redirects and start pages). */
function entryScreens(root, routes) {
  const entry = JSON.parse(readFileSync(join(root, "flows/entry.json"), "utf8"));
  const screens = new Set();
  for (const rule of entry.rules) {
    if (rule.then.do === "redirect") {
      const route = routes.find((r) => r.path === rule.then.args.to);
      if (!route) throw new Error(`route preload: entry rule ${rule.id} redirects to ${rule.then.args.to}, which is no route`);
      if (!SHOWN_ON_A_SLOW_LOGIN.has(route.screen)) screens.add(route.screen);
    } else if (rule.then.do === "redirectStart") screens.add("start");
  }
  return screens;
}

// The camera-input check of uaDetect routes (and its user-agent parser) is not preloaded: the
// start button no longer waits for it (StartScreen.tsx), so it loads after the first render
// instead of sharing the slow network with what the first screen needs.

/** Every file a chunk needs before it runs: itself and its static imports, transitively. */
function closure(byFile, file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  const chunk = byFile.get(file);
  if (!chunk) throw new Error(`route preload: no chunk ${file}`);
  for (const imp of chunk.imports) closure(byFile, imp, into);
  return into;
}

/** The composition root, whose loaders import the screens' definition files. */
const ROOT_MODULE = "src/main.tsx";

/**
 * The inline script and the first screen's own files. `href` turns a chunk file (relative to
 * the assets folder) into its URL; `dynamicImports` is each module's dynamic imports (bundleApp.mjs).
 */
export async function routePreload({ root, chunks, href, dynamicImports }) {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("route preload: the bundle has no entry chunk");
  const first = closure(byFile, entry.file);
  const languages = readLanguages(root);
  const tags = languages.languages.map((l) => l.tag);
  // Each language's texts file is read once here, not once per route.
  const texts = new Map(tags.map((tag) => [tag, textModules(root, tag)]));
  const table = await readScreenTable(root);
  const modules = screenModules(table.screens, texts, dynamicImports.get(ROOT_MODULE) ?? []);
  const screenModuleOf = (screen) => {
    const screenModule = modules.get(screen);
    if (!screenModule) throw new Error(`route preload: screen type ${screen} has no row in src/ui/screens/screenTable.ts (known: ${[...modules.keys()].join(", ")})`);
    return screenModule;
  };
  const chunksOf = (screen) => [chunkOfModule(screenModuleOf(screen).module), ...screenModuleOf(screen).definitions.map(chunkContaining)];
  const textChunksOf = (screen, tag) => screenModuleOf(screen).texts[tag].map(chunkContaining);
  const chunkOfModule = (path) => {
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facade && relative(root, c.facade) === path);
    if (!chunk) throw new Error(`route preload: no lazy chunk for ${path}`);
    return chunk.file;
  };
  // A module imported both lazily and by a screen's chunk may sit in a shared chunk, not a facade of its own.
  const chunkContaining = (path) => {
    const chunk = chunks.find((c) => Object.prototype.hasOwnProperty.call(c.modules, path));
    if (!chunk) throw new Error(`route preload: no chunk holds ${path}`);
    return chunk.file;
  };
  const filesOf = (chunkFiles) => [...new Set(chunkFiles.flatMap((f) => [...closure(byFile, f)]))].filter((f) => !first.has(f));
  const routes = JSON.parse(readFileSync(join(root, "flows/routes.json"), "utf8")).routes;
  const perRoute = {};
  const rootSets = table.rootSets;
  for (const route of routes) {
    const launch = route.path === "/";
    const screens = [...new Set([route.screen, ...(launch ? entryScreens(root, routes) : [])])];
    const common = filesOf([...screens.flatMap(chunksOf), ...(launch ? LAUNCH_MODULES.map(chunkContaining) : [])]);
    // Each language's texts of those screens (and of the root's own sets on a launch).
    const byLanguage = Object.fromEntries(
      tags.map((tag) => {
        const own = texts.get(tag);
        const extra = launch ? [own.table, ...rootSets.map(own.group)].map(chunkContaining) : [];
        return [tag, filesOf([...screens.flatMap((screen) => textChunksOf(screen, tag)), ...extra]).filter((f) => !common.includes(f))];
      }),
    );
    perRoute[route.path] = { pattern: parsePattern(route.path).pattern.source, common, byLanguage };
  }
  // One script per language, for that language's page (appHtml.mjs): its own texts' files
  // only, so a language added to the list changes no other language's page.
  const scripts = Object.fromEntries(
    tags.map((tag) => {
      const fileIndex = [];
      const indexOf = (file) => (fileIndex.includes(file) ? fileIndex.indexOf(file) : fileIndex.push(file) - 1);
      const table = Object.values(perRoute).map((r) => [r.pattern, [...r.common, ...r.byLanguage[tag]].map(indexOf)]);
      const script =
        `(function(f,t){var p=location.hash.slice(1).split("?")[0]||"/";` +
        `for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p)){t[i][1].forEach(function(n){var l=document.createElement("link");l.rel="modulepreload";l.href=f[n];document.head.appendChild(l)});return}` +
        `})(${JSON.stringify(fileIndex.map(href))},${JSON.stringify(table)});`;
      return [tag, script];
    }),
  );
  // Per route, what the source language's page fetches (the size report and bench measure it).
  const source = languages.default;
  const routesFiles = Object.fromEntries(Object.entries(perRoute).map(([path, r]) => [path, [...r.common, ...r.byLanguage[source]]]));
  return { scripts, firstScreen: [...first], routes: routesFiles };
}
