/**
 * The numbers the light check works on: a region's colour over time made relative to its own
 * slow level (auto-exposure and white balance drift over seconds; the challenge's segments last
 * 350-700 ms), and how strongly a relative series follows an expected on/off series.
 */
import type { Rgb } from "../../signals/frameSignals";

/** For each index, the mean of `values` over the points within ±halfMs of its time. */
export function runningMean(times: readonly number[], values: readonly number[], halfMs: number): number[] {
  const out: number[] = [];
  let lo = 0;
  let hi = 0;
  let sum = 0;
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    while (hi < times.length && times[hi]! <= t + halfMs) sum += values[hi++]!;
    while (times[lo]! < t - halfMs) sum -= values[lo++]!;
    out.push(sum / (hi - lo));
  }
  return out;
}

/** Each channel divided by its running mean, minus one: +0.1 is 10% above the slow level. */
export function relativeSeries(times: readonly number[], colours: readonly Rgb[], halfMs: number): Rgb[] {
  const channels = [0, 1, 2].map((c) => {
    const v = colours.map((x) => x[c]!);
    const base = runningMean(times, v, halfMs);
    return v.map((x, i) => (base[i]! > 0 ? x / base[i]! - 1 : 0));
  });
  return colours.map((_, i) => [channels[0]![i]!, channels[1]![i]!, channels[2]![i]!]);
}

export interface Following {
  /** Per channel: normalised correlation of the detrended series; null when the channel did not switch. */
  correlation: (number | null)[];
  /** Per channel: the series' change per full switch of the channel (regression slope); null likewise. */
  slope: (number | null)[];
  /** Per channel: the detrended series' variance. */
  variance: number[];
}

/**
 * How the relative series `x` follows the expected 0/1 series `e` (both at the same times),
 * each with its own running mean removed so what is left is the change within the window.
 */
export function following(times: readonly number[], x: readonly Rgb[], e: readonly Rgb[], halfMs: number): Following {
  const correlation: (number | null)[] = [];
  const slope: (number | null)[] = [];
  const variance: number[] = [];
  for (let c = 0; c < 3; c++) {
    const xs = x.map((v) => v[c]!);
    const es = e.map((v) => v[c]!);
    const xm = runningMean(times, xs, halfMs);
    const em = runningMean(times, es, halfMs);
    let sxe = 0;
    let sxx = 0;
    let see = 0;
    for (let i = 0; i < xs.length; i++) {
      const dx = xs[i]! - xm[i]!;
      const de = es[i]! - em[i]!;
      sxe += dx * de;
      sxx += dx * dx;
      see += de * de;
    }
    // A channel that barely switched within the windows carries no test of its own.
    const switched = see > 0.02 * xs.length;
    correlation.push(switched && sxx > 0 ? sxe / Math.sqrt(sxx * see) : switched ? 0 : null);
    slope.push(switched ? sxe / see : null);
    variance.push(xs.length ? sxx / xs.length : 0);
  }
  return { correlation, slope, variance };
}

/** The mean of the non-null values; null when none. */
export function meanOf(values: readonly (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}
