/**
 * Issue 14's and issue 33's figures for `npm run bench`: faceflow's first screens against the
 * React floor (scripts/wire/floor.ts), side by side in one run, under the throttled phone profile
 * (scripts/wire/throttle.ts). Each round opens the floor and the three pages of the issue
 * (`/#/entry`, a fresh signed launch up to its start page, `/#/error?status=exception`) cold,
 * in an order rotated every round so no page always goes first on a warming machine, and times
 * each to its first readable heading and its first enabled button, with the bytes to that button
 * and to network idle (scripts/wire/firstButton.ts). The figures are medians over the rounds,
 * times as ratios to the floor's first button (scripts/wire/pageFigures.ts, with the goals).
 * Then the capture route's figure on the same profile: camera open to the first guidance hint
 * (scripts/wire/guidanceReady.ts). `BENCH_ONLY=wire` measures these alone and replaces only
 * them in bench-results.json.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { launchResponseSchema } from "../schemas/api";
import { BROWSER_ARGS, startBenchService } from "./benchService";
import { writeFaceVideo } from "./faceBench";
import { firstButton, type FirstButtonRun } from "./wire/firstButton";
import { guidanceReadyRun, type GuidanceReadyRun } from "./wire/guidanceReady";
import { startFloor } from "./wire/floor";
import { goalsLine, goalsMet, median, pageFigures, PAGES, WIRE_GOALS, type PageName, type WireGoalsMet, type WirePageFigures } from "./wire/pageFigures";
import { PHONE_PROFILE } from "./wire/throttle";
import { saveBenchPart } from "./benchResults";

const ROUNDS = Number(process.env.BENCH_WIRE_ROUNDS ?? 5);
const GUIDANCE_ROUNDS = Number(process.env.BENCH_GUIDANCE_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_WIRE_PORT ?? 8192);

/** A fresh number-mode launch from the demo backend, as a partner would hand it out. */
async function launchUrl(base: string): Promise<string> {
  const response = await fetch(`${base}/demo/v1/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ liveType: "1" }) });
  if (response.status !== 201) throw new Error(`wire bench: demo order answered ${response.status}`);
  return launchResponseSchema.parse(await response.json()).launchUrl;
}

/**
 * The CJK font Chromium draws the pages' Chinese with, as fontconfig names it; null when none is
 * installed. A phone has one (Android ships Noto Sans CJK); a bare Debian does not, and then
 * every Chinese glyph is searched for across all fonts and drawn as a box, which costs the
 * slow CPU layout time no phone pays (apt-get install fonts-noto-cjk).
 */
function cjkFont(): string | null {
  try {
    // fc-match always answers (DejaVu when nothing covers Chinese); fc-list says whether anything does.
    if (execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" }).trim() === "") return null;
    return execFileSync("fc-match", ["-f", "%{family[0]}", "sans-serif:lang=zh-cn"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

interface GuidanceFigures {
  rounds: number;
  /** Camera open → first guidance hint, tapping start at once / after the prefetch finished. */
  atOnce: { medianMs: number; runs: GuidanceReadyRun[] };
  afterPrefetch: { medianMs: number; runs: GuidanceReadyRun[] };
}

/** The capture route's figure (scripts/wire/guidanceReady.ts), in a browser whose fake camera plays a face. */
async function measureGuidance(base: string): Promise<GuidanceFigures> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-guidance-"));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...BROWSER_ARGS, "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${writeFaceVideo(dir)}`],
  });
  const atOnce: GuidanceReadyRun[] = [];
  const afterPrefetch: GuidanceReadyRun[] = [];
  try {
    for (let round = 0; round < GUIDANCE_ROUNDS; round++) {
      atOnce.push(await guidanceReadyRun(browser, base, false));
      afterPrefetch.push(await guidanceReadyRun(browser, base, true));
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const medianOf = (runs: GuidanceReadyRun[]) => median(runs.map((r) => r.hintMs));
  return { rounds: GUIDANCE_ROUNDS, atOnce: { medianMs: medianOf(atOnce), runs: atOnce }, afterPrefetch: { medianMs: medianOf(afterPrefetch), runs: afterPrefetch } };
}

interface WireFigures {
  profile: typeof PHONE_PROFILE;
  cjkFont: string | null;
  rounds: number;
  goals: typeof WIRE_GOALS;
  pages: Record<PageName, WirePageFigures>;
  goalsMet: WireGoalsMet;
  guidance: GuidanceFigures;
}

export async function measureWire(): Promise<WireFigures> {
  const floor = await startFloor(process.cwd());
  const service = await startBenchService(PORT);
  const base = service.base;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: BROWSER_ARGS });
  const runs: Record<PageName, FirstButtonRun[]> = { floor: [], entry: [], launch: [], error: [] };
  let guidance: GuidanceFigures;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = PAGES.map((_, i) => PAGES[(i + round) % PAGES.length]!);
      for (const page of order) {
        const url = page === "floor" ? floor.url : page === "entry" ? `${base}/#/entry` : page === "error" ? `${base}/#/error?status=exception` : await launchUrl(base);
        runs[page].push(await firstButton(browser, url));
      }
    }
    guidance = await measureGuidance(base);
  } finally {
    await browser.close();
    service.stop();
    await floor.close();
  }
  const pages = pageFigures(runs);
  return { profile: PHONE_PROFILE, cjkFont: cjkFont(), rounds: ROUNDS, goals: WIRE_GOALS, pages, goalsMet: goalsMet(pages), guidance };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number | null) => (x === null ? "none" : `${x} ms`);

/** One line of the first-screen table: page, heading, its paint, button, their ratios, first paint, bytes to the button, bytes to idle. */
function tableRow(cells: readonly [string, string, string, string, string, string, string, string, string]): string {
  const widths = [7, 8, 8, 8, 9, 8, 8, 22, 0] as const;
  return "  " + cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
}

export function wireLines(figures: WireFigures): string[] {
  const p = figures.profile;
  const lines = [
    `first screens on a throttled phone (${p.latencyMs} ms latency, ${((p.downloadBytesPerSec * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, CPU ${p.cpuSlowdown}x slower), median of ${figures.rounds} alternating rounds:`,
    figures.cjkFont === null
      ? "  WARNING: no CJK font is installed, so Chinese text is drawn as boxes after a search of every font, unlike on a phone (apt-get install fonts-noto-cjk); read these times as pessimistic"
      : `  Chinese text drawn with ${figures.cjkFont}, as on an Android phone`,
    "  (heading: first h1 with text and layout; painted: its text's paint by Element Timing; x: a ratio to the floor's first button; FCP: first contentful paint)",
    tableRow(["page", "heading", "painted", "button", "heading x", "button x", "FCP", "bytes to the button", "bytes to network idle (then 1 s with no request)"]),
  ];
  for (const [name, f] of Object.entries(figures.pages)) {
    const toIdle = `${kb(f.idle.wireBytes.median)} in ${f.idle.requests} requests, last ends ${ms(f.idle.atMs.median)}`;
    lines.push(tableRow([name, ms(f.firstHeadingMs.median), ms(f.firstHeadingPaintMs.median), ms(f.firstButtonMs.median), `${f.ratio.firstHeading.toFixed(2)}x`, `${f.ratio.firstButton.toFixed(2)}x`, ms(f.firstContentfulPaintMs.median), `${kb(f.wireBytes.median)} in ${f.requests} requests`, toIdle]));
  }
  const judged = PAGES.filter((page) => page !== "floor");
  lines.push(
    `  first headings: ${PAGES.map((page) => `${page} ${figures.pages[page].firstHeadingTexts.map((t) => JSON.stringify(t)).join(" or ")}`).join(", ")}`,
    `  bytes, x the floor's (to the button, to idle): ${judged.map((page) => `${page} ${figures.pages[page].ratio.bytes.toFixed(2)}x, ${figures.pages[page].ratio.idleBytes.toFixed(2)}x`).join("; ")} (issue 14's ${figures.goals.bytes}x bytes goal is blocked, issue 33: printed, not judged)`,
    goalsLine(figures.pages, figures.goalsMet),
  );
  const g = figures.guidance;
  const prefetched = (runs: GuidanceReadyRun[]) => (median(runs.map((r) => r.prefetchedBytes)) / 1024).toFixed(0);
  lines.push(
    `camera open to the first guidance hint on the same profile (silent mode, a face on camera), median of ${g.rounds}:`,
    `  start tapped at once          ${String(g.atOnce.medianMs).padStart(6)} ms  (${prefetched(g.atOnce.runs)} KB of face files had arrived)`,
    `  start tapped after prefetch   ${String(g.afterPrefetch.medianMs).padStart(6)} ms  (${prefetched(g.afterPrefetch.runs)} KB of face files had arrived)`,
  );
  return lines;
}

export async function runWireOnly(): Promise<void> {
  const figures = await measureWire();
  saveBenchPart("wire", figures);
  console.log(wireLines(figures).join("\n"));
}
