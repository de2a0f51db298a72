// One chunk per set of sections a screen loads (issues 14 and 15), for the browser bundle.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { groupKey, readTextSets } from "./textSets.mjs";

/**
 * The screens' texts file is one JSON object of sections ("start", "demo", …). Served as one
 * module, every screen downloaded all of it (about 4.8 KB brotli); cut into one chunk per
 * section, a screen downloaded up to nine tiny files, each compressed alone (brotli loses the
 * context they share). The composition root registers a language as
 * `() => import("../flows/texts.<lang>.json?sections")`: that module, made here, is a table
 * with
 * - `groups`: one loader per set of sections the app loads (each screen type's row of the
 *   screen table, src/ui/screens/screenTable.ts, and the root's own sets, read by
 *   textSets.mjs), keyed by the sorted names; each group is one chunk (`?group=a,b,c`), so a
 *   screen's texts are one file;
 * - the default export: one loader per section, for a set no entry names (a screen's part
 *   loading its own, say). The runtime composes such a set from its sections: the same texts
 *   as a group would give, in more requests. Each section is a chunk (`?section=<name>`),
 *   reached through a second table (`?sectionLoaders`) fetched only then, so the table every
 *   route preloads carries the section names and not 19 chunk names.
 */
const TEXTS_FILE = /flows[\\/]texts\.[\w-]+\.json$/;
const SECTIONS = "?sections";
const SECTION = "?section=";
const GROUP = "?group=";
const SECTION_LOADERS = "?sectionLoaders";

/** The screens' sections of a texts file (its `shell` apart: see `shellExport`). */
function readSections(file) {
  const { $schema: _schema, shell: _shell, ...sections } = JSON.parse(readFileSync(file, "utf8"));
  return sections;
}

/**
 * The table's `shell` export: a language's page-shell texts (titles, loading, load failed),
 * which the runtime needs before its first render (src/runtime/language.ts loadShell). The
 * default language's are embedded with the first screen instead (./languages.mjs), so its
 * table carries none; every other language's come with the table index.html preloads for it.
 */
function shellExport(file) {
  const root = resolve(dirname(file), "..");
  const { default: defaultTag } = JSON.parse(readFileSync(join(root, "flows/languages.json"), "utf8"));
  if (file === join(root, "flows", `texts.${defaultTag}.json`)) return "";
  return `\nexport const shell = ${JSON.stringify(JSON.parse(readFileSync(file, "utf8")).shell)};`;
}

/** `names`, each checked to be a section of `file` (throws naming the known ones). */
function checked(file, sections, names, where) {
  for (const name of names) {
    if (!Object.prototype.hasOwnProperty.call(sections, name)) {
      throw new Error(`text-sections: ${file} has no section "${name}"${where} (known: ${Object.keys(sections).join(", ")})`);
    }
  }
  return names;
}

const loader = (file, query) => `() => import(${JSON.stringify(file + query)}).then(d)`;

export const textSections = {
  name: "text-sections",
  resolveId(source, importer) {
    const query = source.indexOf("?");
    if (query < 0) return null;
    const path = source.slice(0, query);
    const rest = source.slice(query);
    if (!TEXTS_FILE.test(path) || (rest !== SECTIONS && rest !== SECTION_LOADERS && !rest.startsWith(SECTION) && !rest.startsWith(GROUP))) return null;
    const file = isAbsolute(path) || !importer ? path : resolve(dirname(importer), path);
    return file + rest;
  },
  async load(id) {
    const query = id.indexOf("?");
    if (query < 0 || !TEXTS_FILE.test(id.slice(0, query))) return null;
    const file = id.slice(0, query);
    const rest = id.slice(query);
    const sections = readSections(file);
    if (rest === SECTIONS) {
      // The texts file is <root>/flows/texts.<lang>.json; the sets are <root>'s screen table's.
      const sets = await readTextSets(resolve(dirname(file), ".."));
      const groups = [...sets].map(([key, names]) => `${JSON.stringify(key)}: ${loader(file, GROUP + checked(file, sections, names, ` (named by the set ${key})`).join(","))}`);
      const section = `(n) => [n, () => import(${JSON.stringify(file + SECTION_LOADERS)}).then((m) => m.default[n]())]`;
      return {
        code: `const d = (m) => m.default;\nexport const groups = { ${groups.join(", ")} };\nexport default Object.fromEntries(${JSON.stringify(Object.keys(sections))}.map(${section}));${shellExport(file)}`,
        moduleType: "js",
      };
    }
    if (rest === SECTION_LOADERS) {
      const each = Object.keys(sections).map((name) => `${JSON.stringify(name)}: ${loader(file, SECTION + name)}`);
      return { code: `const d = (m) => m.default;\nexport default { ${each.join(", ")} };`, moduleType: "js" };
    }
    if (rest.startsWith(SECTION)) {
      const [name] = checked(file, sections, [rest.slice(SECTION.length)], "");
      return { code: JSON.stringify(sections[name]), moduleType: "json" };
    }
    if (rest.startsWith(GROUP)) {
      const names = checked(file, sections, rest.slice(GROUP.length).split(","), "");
      if (groupKey(names) !== names.join(",")) throw new Error(`text-sections: the group "${names.join(",")}" of ${file} is not a sorted set (expected "${groupKey(names)}")`);
      return { code: JSON.stringify(Object.fromEntries(names.map((name) => [name, sections[name]]))), moduleType: "json" };
    }
    return null;
  },
};
