/**
 * What `npm run demo:synthetic` decides before it starts (scripts/demo/preflight.ts): it builds
 * only when dist/ is missing or older than a source, and a missing tool stops it with the
 * Debian package that brings it, in the language asked for.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoWords } from "../../scripts/demo/demoWords";
import { missingTools, needsBuild } from "../../scripts/demo/preflight";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A checkout with these files, each last changed at its second. */
function checkout(files: Record<string, number>): string {
  const root = mkdtempSync(join(tmpdir(), "faceflow-preflight-"));
  roots.push(root);
  for (const path of Object.keys(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), "");
  }
  // Folders first at the oldest time, so only the files' own times count.
  for (const path of Object.keys(files)) {
    for (let dir = dirname(path); dir !== "."; dir = dirname(dir)) utimesSync(join(root, dir), 1, 1);
  }
  for (const [path, second] of Object.entries(files)) utimesSync(join(root, path), second, second);
  return root;
}

const BUILT = { "dist/server/main.mjs": 200, "dist/app/index.html": 200 };

describe("the demo builds only when it must", () => {
  it("builds when dist/ is missing", () => {
    expect(needsBuild(checkout({ "src/main.tsx": 100 }))).toBe(true);
  });

  it("does not build when dist/ is newer than every source", () => {
    expect(needsBuild(checkout({ "src/main.tsx": 100, "flows/routes.json": 150, ...BUILT }))).toBe(false);
  });

  it("builds when a source, a flow file or a theme changed after dist/", () => {
    for (const changed of ["src/ui/screens/Demo.tsx", "flows/texts.en.json", "themes/default.json", "package-lock.json"]) {
      expect(needsBuild(checkout({ "src/main.tsx": 100, [changed]: 300, ...BUILT })), changed).toBe(true);
    }
  });

  it("does not build for the JSON Schemas npm run validate rewrites, which the build does not read", () => {
    expect(needsBuild(checkout({ "src/main.tsx": 100, "schemas/json/routes.schema.json": 300, ...BUILT }))).toBe(false);
  });
});

describe("a missing tool stops the demo with its package", () => {
  it("names ffmpeg and espeak-ng with the apt-get line that installs each, in the language asked for", () => {
    const path = process.env.PATH;
    process.env.PATH = "";
    try {
      const english = missingTools(demoWords("en"), { speech: true, headed: false });
      expect(english).toEqual(expect.arrayContaining([expect.stringMatching(/ffmpeg.*apt-get install -y ffmpeg/), expect.stringMatching(/espeak-ng.*apt-get install -y espeak-ng/)]));
      const chinese = missingTools(demoWords("zh-CN"), { speech: true, headed: false });
      expect(chinese).toEqual(expect.arrayContaining([expect.stringMatching(/找不到 ffmpeg.*apt-get install -y ffmpeg/)]));
      // Without number mode the subject needs no voice.
      expect(missingTools(demoWords("en"), { speech: false, headed: false }).some((line) => line.includes("espeak-ng"))).toBe(false);
    } finally {
      process.env.PATH = path;
    }
  });

  it("asks for a display before showing the browser", () => {
    const display = { DISPLAY: process.env.DISPLAY, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY };
    delete process.env.DISPLAY;
    delete process.env.WAYLAND_DISPLAY;
    try {
      expect(missingTools(demoWords("en"), { speech: false, headed: true })).toEqual(expect.arrayContaining([expect.stringContaining("--headed needs a display")]));
    } finally {
      Object.assign(process.env, Object.fromEntries(Object.entries(display).filter(([, v]) => v !== undefined)));
    }
  });
});
