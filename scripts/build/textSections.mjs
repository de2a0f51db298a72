// One chunk per section of a texts file (issues 14 and 15), for the browser bundle.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";

/**
 * The screens' texts file is one JSON object of sections ("start", "demo", …). Served as one
 * module, every screen downloaded all of it (about 4.8 KB brotli). The composition root
 * registers a language as `() => import("../flows/texts.<lang>.json?sections")`: that module,
 * made here, is a table of one loader per section, and each section is a chunk of its own
 * (`texts.<lang>.json?section=<name>`), so a screen downloads the sections its registry entry
 * names (src/ui/screens/index.ts), and a section shared by screens downloads once.
 */
const TEXTS_FILE = /flows[\\/]texts\.[\w-]+\.json$/;
const SECTIONS = "?sections";
const SECTION = "?section=";

function readSections(file) {
  const { $schema: _schema, ...sections } = JSON.parse(readFileSync(file, "utf8"));
  return sections;
}

export const textSections = {
  name: "text-sections",
  resolveId(source, importer) {
    const query = source.indexOf("?");
    if (query < 0) return null;
    const path = source.slice(0, query);
    const rest = source.slice(query);
    if (!TEXTS_FILE.test(path) || (rest !== SECTIONS && !rest.startsWith(SECTION))) return null;
    const file = isAbsolute(path) || !importer ? path : resolve(dirname(importer), path);
    return file + rest;
  },
  load(id) {
    const query = id.indexOf("?");
    if (query < 0 || !TEXTS_FILE.test(id.slice(0, query))) return null;
    const file = id.slice(0, query);
    const rest = id.slice(query);
    const sections = readSections(file);
    if (rest === SECTIONS) {
      const loaders = Object.keys(sections).map((name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(file + SECTION + name)}).then(d)`);
      return { code: `const d = (m) => m.default;\nexport default { ${loaders.join(", ")} };`, moduleType: "js" };
    }
    if (rest.startsWith(SECTION)) {
      const name = rest.slice(SECTION.length);
      if (!Object.prototype.hasOwnProperty.call(sections, name)) {
        throw new Error(`text-sections: ${file} has no section "${name}" (known: ${Object.keys(sections).join(", ")})`);
      }
      return { code: JSON.stringify(sections[name]), moduleType: "json" };
    }
    return null;
  },
};
