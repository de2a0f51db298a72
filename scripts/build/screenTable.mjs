// The screen table (src/ui/screens/screenTable.ts), imported as data: each screen type's
// module, text sections and definition file, and the composition root's own sets of
// sections. textSets.mjs and routePreload.mjs read it here; the page's copy is made here too.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "esbuild";

const TABLE_FILE = "src/ui/screens/screenTable.ts";
const SCREENS_DIR = "src/ui/screens";

/**
 * The table module of `root`: TypeScript turned into JavaScript by esbuild (which drops its
 * type imports) and imported from memory. The table imports no values, so it needs no bundling.
 */
async function importTable(root) {
  const { code } = await transform(readFileSync(join(root, TABLE_FILE), "utf8"), { loader: "ts", format: "esm", sourcefile: TABLE_FILE, logLevel: "error" });
  try {
    return await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
  } catch (error) {
    throw new Error(`screen table: ${TABLE_FILE} could not be imported as data (it may import types only): ${error.message}`);
  }
}

/**
 * The screen table of `root`:
 * - `screens`: per screen type, its module (a path from the root), its sections (null for a
 *   screen without texts, else its row's and the common ones, COMMON_TEXTS) and the definition
 *   file it loads (or undefined);
 * - `rootSets`: the sets the composition root loads itself (ROOT_TEXTS, the launch's login).
 * A module or definition file that does not exist throws: its route would lose its preload.
 */
export async function readScreenTable(root) {
  const { SCREEN_TABLE, COMMON_TEXTS, ROOT_TEXTS } = await importTable(root);
  const screens = Object.entries(SCREEN_TABLE).map(([type, row]) => {
    const module = `${SCREENS_DIR}/${row.module}.tsx`;
    if (!existsSync(join(root, module))) throw new Error(`screen table: screen type ${type} names the module ${row.module}, but there is no ${module}`);
    const definition = row.definition?.file;
    if (definition !== undefined && !existsSync(join(root, definition))) throw new Error(`screen table: screen type ${type} renders from ${definition}, which does not exist`);
    return { type, module, sections: row.texts ? [...COMMON_TEXTS, ...row.texts] : null, definition };
  });
  return { screens, rootSets: Object.values(ROOT_TEXTS).map((names) => [...names]) };
}

/**
 * The page's copy of the table: its exports as data, each row without what only the build
 * reads (the module's name and the definition's file, about 0.25 KB brotli of the first
 * screen, which the registry is part of). An export that is not data throws.
 */
export function browserScreenTable(root) {
  const file = join(root, TABLE_FILE);
  const pageRow = ({ module: _module, definition, ...row }) => (definition === undefined ? row : { ...row, definition: { loader: definition.loader } });
  return {
    name: "browser-screen-table",
    async load(id) {
      if (id !== file) return null;
      const exports = Object.entries(await importTable(root)).map(([name, value]) => {
        if (typeof value !== "object" || value === null) throw new Error(`screen table: ${TABLE_FILE} exports ${name}, which is not data`);
        const data = name === "SCREEN_TABLE" ? Object.fromEntries(Object.entries(value).map(([type, row]) => [type, pageRow(row)])) : value;
        return `export const ${name} = ${JSON.stringify(data)};`;
      });
      return { code: exports.join("\n"), moduleType: "js" };
    },
  };
}
