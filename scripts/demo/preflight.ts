/**
 * What the SYNTHETIC demo needs before it starts, each missing piece named with the Debian
 * package that brings it (all of them at once, so one apt-get fixes the lot): Chromium to walk
 * through the pages, ffmpeg for the service to decode the recordings, espeak-ng for the
 * subject's voice in number mode, and a display for --headed. And whether dist/ must be built
 * again: missing, or older than a source it is built from.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fill, type DemoWords } from "./demoWords";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `program` runs from the PATH (ENOENT is the only answer that says it is not there). */
function onPath(program: string, versionFlag: string): boolean {
  return (spawnSync(program, [versionFlag], { stdio: "ignore" }).error as NodeJS.ErrnoException | undefined)?.code !== "ENOENT";
}

/** Every missing tool, as the lines to print; empty when the demo can run. */
export function missingTools(words: DemoWords, needs: { speech: boolean; headed: boolean }): string[] {
  const problems: string[] = [];
  if (!existsSync(CHROMIUM_PATH) || !executable(CHROMIUM_PATH)) problems.push(fill(words.missingChromium, { path: CHROMIUM_PATH }));
  if (!onPath("ffmpeg", "-version")) problems.push(words.missingFfmpeg);
  if (needs.speech && !onPath("espeak-ng", "--version")) problems.push(words.missingEspeak);
  if (needs.headed && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) problems.push(words.noDisplay);
  return problems;
}

/** What build.mjs reads (folders walked whole) and what the demo runs of what it writes. */
const BUILD_INPUTS = ["src", "flows", "themes", "schemas", "scripts/build", "build.mjs", "package-lock.json"];
/** Inside the inputs but not read by the build: `npm run validate` rewrites the JSON Schemas each time. */
const NOT_BUILD_INPUTS = new Set(["schemas/json"]);
const BUILD_OUTPUTS = ["dist/server/main.mjs", "dist/app/index.html"];

function newestChange(root: string, path: string): number {
  if (NOT_BUILD_INPUTS.has(path)) return 0;
  const stat = statSync(join(root, path));
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(join(root, path)).reduce((newest, name) => Math.max(newest, newestChange(root, `${path}/${name}`)), stat.mtimeMs);
}

/** dist/ is missing, or a source changed after it was built. */
export function needsBuild(root: string): boolean {
  const outputs = BUILD_OUTPUTS.map((p) => join(root, p));
  if (!outputs.every((p) => existsSync(p))) return true;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return BUILD_INPUTS.some((p) => existsSync(join(root, p)) && newestChange(root, p) > built);
}
