// The sets of text sections the app loads (issue 15): each screen type's row of the screen
// table and the composition root's own sets (src/ui/screens/screenTable.ts, read by
// screenTable.mjs). textSections.mjs makes one chunk per set; routePreload.mjs preloads a
// route's. Both read the table, so they agree on the sets.
import { readScreenTable } from "./screenTable.mjs";

/**
 * The key of a set of sections: its names, unique and sorted, joined by commas. The runtime
 * (src/runtime/textCatalogue.ts `groupKey`) computes the same key for the sections a screen asks for.
 * @example groupKey(["start", "common", "actions"]) // "actions,common,start"
 */
export const groupKey = (names) => [...new Set(names)].sort().join(",");

/** Every set the app loads, each once, by key (see groupKey). */
export async function readTextSets(root) {
  const { screens, rootSets } = await readScreenTable(root);
  const sets = [...screens.flatMap((s) => (s.sections ? [s.sections] : [])), ...rootSets];
  return new Map(sets.map((names) => [groupKey(names), [...new Set(names)].sort()]));
}
