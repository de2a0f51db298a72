/**
 * Face figures for `npm run bench` (issue 7): the per-frame analysis time of the on-device
 * face session in headless Chromium, on a face photo and on the fake camera's plain pattern.
 *
 * The page under test (scripts/faceBenchPage.ts) is bundled here and served on the real
 * service's origin through Playwright's routing, with the service's own CSP header; the
 * worker, models and wasm come from the service itself, so its content types, caching and
 * CSP are part of what is measured. Every request the browser makes is recorded, so a run
 * also shows that nothing left our origin.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser } from "@playwright/test";
import { benchContext } from "./benchBrowser";
import type { FaceBenchFrame, FaceBenchHost, FaceBenchState } from "./faceBenchPage";
import { faceJpeg } from "../tests/fixtures/faceImage";

/** What build.mjs wrote about the face assets in dist/size-report.json. */
export interface FaceSizeReport {
  worker: { file: string; raw: number; gz: number };
  models: { raw: number; gz: number };
  wasm: { raw: number; gz: number; files: { file: string }[] };
}

interface FaceRun {
  state: FaceBenchState;
  /** Every URL the browser requested during the run. */
  requests: string[];
  /** The page's and the worker's console output: what to read when a run fails. */
  console: string[];
}

const HARNESS = "/__face-bench/";

/** The harness page's JS, built with the same asset paths build.mjs gave the app. */
export async function bundleFacePage(root: string, face: FaceSizeReport): Promise<string> {
  const folder = face.wasm.files[0]?.file.split("/")[0];
  if (!folder) throw new Error("size-report.json lists no face assets: run node build.mjs");
  const result = await build({
    entryPoints: [join(root, "scripts/faceBenchPage.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2020"],
    write: false,
    minify: true,
    define: {
      "process.env.NODE_ENV": '"production"',
      __FACEFLOW_FACE_WORKER__: JSON.stringify(`/${face.worker.file}`),
      __FACEFLOW_FACE_ASSETS__: JSON.stringify(`/${folder}/`),
    },
    logLevel: "error",
  });
  return result.outputFiles[0]!.text;
}

/** Writes the fake camera's face video: one JPEG repeated (Chromium plays .mjpeg at 30 fps). */
export function writeFaceVideo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const frame = faceJpeg({ faceWidthRatio: 0.35 });
  const file = join(dir, "face.mjpeg");
  writeFileSync(file, Buffer.concat(Array.from({ length: 30 }, () => frame)));
  return file;
}

/**
 * Opens the harness in a fresh context of `browser` (launched with the fake camera), waits
 * for `frames` analysed frames, keeps JPEGs for `keepMs`, and returns what the page saw.
 */
export async function runFacePage(browser: Browser, base: string, js: string, frames: number, keepMs = 1000, iris = false): Promise<FaceRun> {
  const context = await benchContext(browser, { permissions: ["camera"] });
  const requests: string[] = [];
  const output: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  context.on("console", (message) => output.push(`${message.type()}: ${message.text()}`));
  const csp = (await fetch(`${base}/`)).headers.get("content-security-policy") ?? "";
  await context.route(`${base}${HARNESS}**`, (route) => {
    const isJs = route.request().url().endsWith(".js");
    return route.fulfill({
      status: 200,
      headers: { "content-type": isJs ? "text/javascript" : "text/html", "content-security-policy": csp },
      body: isJs ? js : `<!doctype html><meta charset="utf-8"><title>face bench</title><script type="module" src="${HARNESS}page.js"></script>`,
    });
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}${HARNESS}index.html${iris ? "?iris=1" : ""}`);
    await page.waitForFunction(
      (n) => {
        const { faceBench } = window as unknown as FaceBenchHost;
        return faceBench.frames.length >= n || faceBench.unavailable !== null || faceBench.error !== null;
      },
      frames,
      { timeout: 90_000 },
    );
    if (keepMs > 0) await page.evaluate((ms) => (window as unknown as FaceBenchHost).faceBenchKeep(ms), keepMs);
    const state: FaceBenchState = await page.evaluate(() => (window as unknown as FaceBenchHost).faceBench);
    await page.evaluate(() => (window as unknown as FaceBenchHost).faceBenchStop());
    return { state, requests, console: output };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.9) - 1)] ?? NaN;

/** The figures of one run: frame times (page round trip and worker share) and what was seen. */
export function summariseRun(run: FaceRun, frames: number) {
  const seen: FaceBenchFrame[] = run.state.frames.slice(0, frames);
  const round = (xs: number[]) => ({ median: Math.round(median(xs)), p90: Math.round(p90(xs)) });
  return {
    frames: seen.length,
    readyMs: run.state.readyMs === null ? null : Math.round(run.state.readyMs),
    unavailable: run.state.unavailable ?? run.state.error,
    frameMs: round(seen.map((f) => f.frameMs)),
    workerMs: round(seen.map((f) => f.workerMs)),
    framesWithOneFace: seen.filter((f) => f.faces === 1).length,
    framesWithNoFace: seen.filter((f) => f.faces === 0).length,
    keptJpegBytes: run.state.keptJpegBytes ?? [],
  };
}

/** URLs whose host is not 127.0.0.1 (data: and blob: URLs never leave the browser). */
export function foreignRequests(requests: string[]): string[] {
  return requests.filter((url) => {
    const parsed = new URL(url);
    if (parsed.protocol === "data:" || parsed.protocol === "blob:") return false;
    return parsed.hostname !== "127.0.0.1";
  });
}
