// `npm run build -w @faceflow/partner` (or `node build.mjs --out <dir>`): the kit as partners
// install it, in dist/: JavaScript and declarations compiled from src/ by tsc (tsconfig.json),
// the README, and a package.json whose exports name the compiled files. In the repository the
// package's exports name the TypeScript source instead, which every tool there reads as it
// reads the service's; `npm publish packages/partner-node/dist` publishes the compiled kit.
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf("--out");
const out = at >= 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : join(here, "dist");

rmSync(out, { recursive: true, force: true });
const typescript = createRequire(import.meta.url).resolve("typescript/package.json");
const tsc = join(dirname(typescript), JSON.parse(readFileSync(typescript, "utf8")).bin.tsc);
const compiled = spawnSync(process.execPath, [tsc, "-p", join(here, "tsconfig.json"), "--outDir", out], { stdio: "inherit" });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const { scripts: _scripts, devDependencies: _devDependencies, ...manifest } = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const published = {
  ...manifest,
  exports: { ".": { types: "./index.d.ts", default: "./index.js" }, "./package.json": "./package.json" },
  types: "./index.d.ts",
};
writeFileSync(join(out, "package.json"), `${JSON.stringify(published, null, 2)}\n`);
copyFileSync(join(here, "README.md"), join(out, "README.md"));
console.log(`@faceflow/partner ${manifest.version} built in ${out}`);
