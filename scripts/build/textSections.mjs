// One module per section of a texts file (issue 14), for the browser bundle.
import { readFileSync } from "node:fs";

/**
 * The screens' texts file is one JSON object of sections ("start", "demo", …). Served as one
 * module, every screen chunk carried all of it (about 4.8 KB brotli), because a module shared
 * by lazy chunks is copied whole into each. Here the file becomes a facade of one module per
 * section, so a screen that imports `{ demo }` carries the demo section alone. A default
 * import still gets every section.
 */
const SECTION = "\0text-section:";
export const textSections = {
  name: "text-sections",
  resolveId(source) {
    return source.startsWith(SECTION) ? source : null;
  },
  load(id) {
    if (id.startsWith(SECTION)) {
      // "\0text-section:<name>:<file>"; a section name has no colon, a file path may.
      const rest = id.slice(SECTION.length);
      const name = rest.slice(0, rest.indexOf(":"));
      const file = rest.slice(rest.indexOf(":") + 1);
      return { code: JSON.stringify(JSON.parse(readFileSync(file, "utf8"))[name]), moduleType: "json" };
    }
    if (!/flows[\\/]texts\.[\w-]+\.json$/.test(id)) return null;
    const { $schema: _schema, ...sections } = JSON.parse(readFileSync(id, "utf8"));
    const names = Object.keys(sections);
    const lines = names.map((name, i) => `import s${i} from ${JSON.stringify(`${SECTION}${name}:${id}`)};\nexport { s${i} as ${name} };`);
    lines.push(`export default { ${names.map((name, i) => `${name}: s${i}`).join(", ")} };`);
    return { code: lines.join("\n"), moduleType: "js" };
  },
};
