/**
 * When each segment of the light challenge was on screen, on the recording's clock: the issued
 * durations, from one anchor. The page changes colour on an absolute schedule (LightOverlay.tsx:
 * segment k from `startedAtMs` + the issued durations before it), so its only error is a paint
 * that came late, never one that drifts the later colours. Its report (lightShown) gives the
 * anchor alone, the earliest of its times less the issued start of that segment (the report
 * least delayed by a busy frame), and only within `maxStartMs` of the recording's first frame: the
 * page puts the first colour up in the frame after the recording begins (useShownLight.ts).
 * With no report, the recording's first frame.
 *
 * Not each reported time: those are the browser's word, and a modified client could move every
 * change, by as much as a paint may be late, onto the changes of a video prepared for another
 * sequence. Nor a start anywhere: with the start a report claimed, a forger picks the sequence's
 * offset against his video. Measured with SYNTHETIC faces following another random sequence
 * (scripts/presence/lightForge.ts, 3,000 faces): before, 28 passed with no report, 37 with every
 * change moved, 115 with the best start in the first 2 s; now 15, 15 and 26.
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
  /** "shown": anchored by the page's report; "issued": from the recording's first frame (no report). */
  anchor: "shown" | "issued";
}

export function lightTimeline(challenge: LightChallenge, shown: LightShown, maxStartMs: number): LightTimeline {
  const { segments } = challenge;
  const issuedStart = (k: number) => segments.slice(0, k).reduce((sum, s) => sum + s.ms, 0);
  const offsets = shown.filter((s) => s.index < segments.length).map((s) => s.atMs - issuedStart(s.index));
  const from = offsets.length ? Math.min(maxStartMs, Math.max(0, Math.min(...offsets))) : 0;
  let t = from;
  const spans = segments.map((s, index) => {
    const span = { index, startMs: t, endMs: t + s.ms, rgb: lightRgb(s.color) };
    t += s.ms;
    return span;
  });
  return { spans, anchor: offsets.length ? "shown" : "issued" };
}

/** The screen's colour at `atMs` (each channel 0 or 1), or null outside the sequence. */
export function lightAt(timeline: LightTimeline, atMs: number): Rgb | null {
  for (const s of timeline.spans) if (atMs >= s.startMs && atMs < s.endMs) return s.rgb;
  return null;
}
