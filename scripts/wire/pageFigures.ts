/**
 * The wire bench's figures for each page from its rounds (scripts/wire/firstButton.ts):
 * medians, ratios to the React floor, and issue 33's goals judged on them. Every time ratio is
 * to the floor's FIRST BUTTON, the moment the least React page is usable: a page whose heading
 * can be read before that has shown the user something sooner than any client-rendered page can.
 */
import type { FirstButtonRun } from "./firstButton";

export const PAGES = ["floor", "entry", "launch", "error"] as const;
export type PageName = (typeof PAGES)[number];
/** The pages judged against the floor. */
export type JudgedPage = Exclude<PageName, "floor">;
const JUDGED: readonly JudgedPage[] = ["entry", "launch", "error"];

/** The goals, as ratios to the floor's first button (time) or its bytes to the first button. */
export const WIRE_GOALS = {
  /** Issue 33: a signed launch's heading readable within 0.6× the floor's first button (server-side rendering). */
  launchHeading: 0.6,
  /** Issue 33: every first screen's first enabled button within 1.2× the floor's (issue 14 asked 1.4×). */
  firstButton: 1.2,
  /** Issue 14's 1.5× the floor's bytes; blocked (issue 33), so the ratio is printed and not judged. */
  bytes: 1.5,
} as const;

interface Series {
  median: number;
  runs: number[];
}

/** A figure the browser may not report (a paint entry); its median is over the runs that have one. */
interface ReportedSeries {
  median: number | null;
  runs: (number | null)[];
}

export interface WirePageFigures {
  firstButtonMs: Series;
  /** To the first readable h1 (scripts/wire/watchers.ts). */
  firstHeadingMs: Series;
  /** The first readable h1's text, one entry per distinct text over the rounds. */
  firstHeadingTexts: string[];
  /** When Element Timing saw that heading's text painted: later than firstHeadingMs by a frame, or by a stylesheet still on its way. */
  firstHeadingPaintMs: ReportedSeries;
  /** Chromium's first contentful paint (on faceflow's pages, the HTML's loading text). */
  firstContentfulPaintMs: ReportedSeries;
  /** Bytes of the requests started before the first button. */
  wireBytes: Series;
  /** Requests started before the first button (median). */
  requests: number;
  /** Network idle (scripts/wire/networkLog.ts): when, its bytes and its requests (median). */
  idle: { atMs: Series; wireBytes: Series; requests: number };
  /** Times to the floor's first button; bytes to the floor's bytes (to the button, and to idle). */
  ratio: { firstHeading: number; firstHeadingPaint: number | null; firstButton: number; bytes: number; idleBytes: number };
}

export interface WireGoalsMet {
  launchHeading: boolean;
  firstButton: Record<JudgedPage, boolean>;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round2 = (x: number) => Math.round(x * 100) / 100;
const series = (runs: number[]): Series => ({ median: median(runs), runs });
function reported(runs: (number | null)[]): ReportedSeries {
  const values = runs.filter((x): x is number => x !== null);
  return { median: values.length > 0 ? median(values) : null, runs };
}

/** Each page's medians over its rounds, with ratios to the floor's. */
export function pageFigures(runs: Record<PageName, FirstButtonRun[]>): Record<PageName, WirePageFigures> {
  const floorButton = median(runs.floor.map((r) => r.firstButtonMs));
  const floorBytes = median(runs.floor.map((r) => r.wireBytes));
  const floorIdleBytes = median(runs.floor.map((r) => r.idle.wireBytes));
  const figures = (page: PageName): WirePageFigures => {
    const rs = runs[page];
    const f = {
      firstButtonMs: series(rs.map((r) => r.firstButtonMs)),
      firstHeadingMs: series(rs.map((r) => r.firstHeadingMs)),
      firstHeadingTexts: [...new Set(rs.map((r) => r.headings[0]?.text ?? ""))],
      firstHeadingPaintMs: reported(rs.map((r) => r.firstHeadingPaintMs)),
      firstContentfulPaintMs: reported(rs.map((r) => r.firstContentfulPaintMs)),
      wireBytes: series(rs.map((r) => r.wireBytes)),
      requests: median(rs.map((r) => r.requests.length)),
      idle: { atMs: series(rs.map((r) => r.idle.atMs)), wireBytes: series(rs.map((r) => r.idle.wireBytes)), requests: median(rs.map((r) => r.idle.requests)) },
    };
    const ratio = {
      firstHeading: round2(f.firstHeadingMs.median / floorButton),
      firstHeadingPaint: f.firstHeadingPaintMs.median === null ? null : round2(f.firstHeadingPaintMs.median / floorButton),
      firstButton: round2(f.firstButtonMs.median / floorButton),
      bytes: round2(f.wireBytes.median / floorBytes),
      idleBytes: round2(f.idle.wireBytes.median / floorIdleBytes),
    };
    return { ...f, ratio };
  };
  return { floor: figures("floor"), entry: figures("entry"), launch: figures("launch"), error: figures("error") };
}

/** Issue 33's time goals on these figures; the bytes goal is blocked and not judged. */
export function goalsMet(pages: Record<PageName, WirePageFigures>): WireGoalsMet {
  const button = Object.fromEntries(JUDGED.map((p) => [p, pages[p].ratio.firstButton <= WIRE_GOALS.firstButton])) as Record<JudgedPage, boolean>;
  return { launchHeading: pages.launch.ratio.firstHeading <= WIRE_GOALS.launchHeading, firstButton: button };
}

/** The line saying which goals are met, with the ratio each was judged on. */
export function goalsLine(pages: Record<PageName, WirePageFigures>, met: WireGoalsMet): string {
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  const buttons = JUDGED.map((p) => `${p} ${verdict(met.firstButton[p])} (${pages[p].ratio.firstButton.toFixed(2)}x)`).join(", ");
  const painted = pages.launch.ratio.firstHeadingPaint;
  const launch = `${pages.launch.ratio.firstHeading.toFixed(2)}x; painted ${painted === null ? "unreported" : `${painted.toFixed(2)}x`}`;
  return `  goals (issue 33, times to the floor's first button): launch heading <= ${WIRE_GOALS.launchHeading}x ${verdict(met.launchHeading)} (${launch}); first button <= ${WIRE_GOALS.firstButton}x: ${buttons}`;
}
