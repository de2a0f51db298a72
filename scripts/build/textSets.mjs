// The sets of text sections the app loads, read from its source (issue 15): each screen's
// registry entry (src/ui/screens/index.ts) and the composition root's own loads
// (src/main.tsx). textSections.mjs makes one chunk per set; routePreload.mjs preloads a
// route's. Both read the source here, so they agree on the lines and on the sets.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const SCREENS_FILE = "src/ui/screens/index.ts";
const ROOT_FILE = "src/main.tsx";

/**
 * The key of a set of sections: its names, unique and sorted, joined by commas. The runtime
 * (src/runtime/textCatalogue.ts `groupKey`) computes the same key for the sections a screen asks for.
 * @example groupKey(["start", "common", "actions"]) // "actions,common,start"
 */
export const groupKey = (names) => [...new Set(names)].sort().join(",");

/**
 * The registry's screens, one per lazy import line of src/ui/screens/index.ts:
 * `type: lazyScreenWithTexts(() => import("./Screen"), texts("a", "b"))`, `lazyScreenWith(…,
 * texts(…), definitions.loadX)` or `lazyScreen(() => import("./Screen"))`. `sections` is null
 * for a screen without texts, else the named sections and the common ones (COMMON_TEXTS),
 * which every screen's `texts(…)` adds. A lazy import in another form throws: a screen missed
 * here would lose its preload and its text chunk.
 */
export function readScreenEntries(root) {
  const source = withoutComments(readFileSync(join(root, SCREENS_FILE), "utf8"));
  const common = /const COMMON_TEXTS = textSections\(([^)]*)\)/.exec(source);
  if (!common) throw new Error(`text sets: ${SCREENS_FILE} defines no COMMON_TEXTS = textSections(…)`);
  const commonSections = namesIn(common[1]);
  const entries = [];
  for (const m of source.matchAll(/(\w+): lazyScreen(?:With|WithTexts)?\(\(\) => import\("\.\/(\w+)"\)(?:, texts\(([^)]*)\))?(?:, definitions\.(\w+))?\)/g)) {
    entries.push({
      type: m[1],
      module: `src/ui/screens/${m[2]}.tsx`,
      sections: m[3] === undefined ? null : [...commonSections, ...namesIn(m[3])],
      definition: m[4],
    });
  }
  const lazyCalls = [...source.matchAll(/\blazyScreen(?:With|WithTexts)?\(/g)].length;
  if (entries.length === 0 || entries.length !== lazyCalls) {
    throw new Error(`text sets: ${SCREENS_FILE} has ${lazyCalls} lazy screens, of which ${entries.length} are one line in the form this reader knows (read: ${entries.map((e) => e.type).join(", ") || "none"})`);
  }
  return entries;
}

/** The sets the composition root loads itself (src/main.tsx `loadTexts(["login"])`, the launch's login). */
export function readRootTextSets(root) {
  const source = withoutComments(readFileSync(join(root, ROOT_FILE), "utf8"));
  return [...source.matchAll(/loadTexts\(\[([^\]]*)\]\)/g)].map((m) => namesIn(m[1]));
}

/** Every set the app loads, each once, by key (see groupKey). */
export function readTextSets(root) {
  const sets = [...readScreenEntries(root).flatMap((e) => (e.sections ? [e.sections] : [])), ...readRootTextSets(root)];
  return new Map(sets.map((names) => [groupKey(names), [...new Set(names)].sort()]));
}

/** The source without its comments, whose examples have the form of real lines. */
function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

function namesIn(list) {
  return [...list.matchAll(/"(\w+)"/g)].map((s) => s[1]);
}
