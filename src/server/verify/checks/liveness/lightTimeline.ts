/**
 * When each segment of the light challenge was on screen, on the recording's clock: from the
 * page's report (lightShown) when it agrees with what the service issued, else from the issued
 * durations starting at the recording's first frame. The page's times are only an anchor: the
 * light check still searches the lag and judges what the face did, so a forged report can at
 * most move the anchor within the lag search, never make a face follow the light.
 */
import { lightRgb, type LightChallenge, type LightShown } from "../../../../../schemas/lightChallenge";
import type { Rgb } from "../../signals/frameSignals";

export interface LightSpan {
  index: number;
  startMs: number;
  endMs: number;
  rgb: Rgb;
}

export interface LightTimeline {
  spans: LightSpan[];
  /**
   * "shown": placed by the page's report; "first": by the issued durations from the page's first
   * reported colour (its later times did not keep to the durations); "issued": by the issued
   * durations from 0 (no report).
   */
  anchor: "shown" | "first" | "issued";
}

/**
 * The page's report is used when it names segments in the issued order, at least two of them,
 * and every gap between two reported segments matches the issued durations between them within
 * `toleranceMs` plus 10% (a browser's frame timing and a busy page delay a paint by tens of ms).
 */
export function lightTimeline(challenge: LightChallenge, shown: LightShown, toleranceMs: number): LightTimeline {
  const { segments } = challenge;
  const reports = shown.filter((s) => s.index < segments.length);
  const issuedStart = (k: number) => segments.slice(0, k).reduce((sum, s) => sum + s.ms, 0);
  const consistent =
    reports.length >= 2 &&
    reports.every((r, i) => {
      if (i === 0) return true;
      const prev = reports[i - 1]!;
      if (r.index <= prev.index) return false;
      const want = issuedStart(r.index) - issuedStart(prev.index);
      return Math.abs(r.atMs - prev.atMs - want) <= toleranceMs + 0.1 * want;
    });
  const starts: number[] = [];
  if (consistent) {
    const at = new Map(reports.map((r) => [r.index, r.atMs]));
    // Segments before the first report are placed back from it; later unreported ones after the last reported one.
    const first = reports[0]!;
    let t = first.atMs - issuedStart(first.index);
    for (let k = 0; k < segments.length; k++) {
      t = at.get(k) ?? t;
      starts.push(t);
      t += segments[k]!.ms;
    }
  } else {
    // A busy page paints late now and then, so its times drift from the durations; when the
    // light went up is still the best anchor there is. It gives a forger nothing: consistent
    // times from any start they like are accepted above.
    const first = reports[0];
    const from = first ? first.atMs - issuedStart(first.index) : 0;
    for (let k = 0; k < segments.length; k++) starts.push(from + issuedStart(k));
  }
  const spans = segments.map((s, k) => ({ index: k, startMs: starts[k]!, endMs: k + 1 < segments.length ? starts[k + 1]! : starts[k]! + s.ms, rgb: lightRgb(s.color) }));
  return { spans, anchor: consistent ? "shown" : reports.length ? "first" : "issued" };
}

/** The screen's colour at `atMs` (each channel 0 or 1), or null outside the sequence. */
export function lightAt(timeline: LightTimeline, atMs: number): Rgb | null {
  for (const s of timeline.spans) if (atMs >= s.startMs && atMs < s.endMs) return s.rgb;
  return null;
}
