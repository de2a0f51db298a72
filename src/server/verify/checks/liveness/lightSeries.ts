/**
 * The numbers the light check works on: a region's colour over time made relative to its own
 * slow level (auto-exposure and white balance drift over seconds; the challenge's segments last
 * 350-500 ms), and how strongly a relative series follows an expected on/off series.
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

/** `v` less its running mean (half window `halfMs`): the change within the window. */
function detrend(times: readonly number[], v: readonly number[], halfMs: number): number[] {
  const m = runningMean(times, v, halfMs);
  return v.map((y, i) => y - m[i]!);
}

/** Each channel of `xs` detrended, as `following` detrends its series. */
export function detrended(times: readonly number[], xs: readonly Rgb[], halfMs: number): Rgb[] {
  const channels = [0, 1, 2].map((c) => detrend(times, xs.map((x) => x[c]!), halfMs));
  return xs.map((_, i) => [channels[0]![i]!, channels[1]![i]!, channels[2]![i]!]);
}

export interface Following {
  /** Per channel: normalised correlation of the detrended series; null when the channel did not switch. */
  correlation: (number | null)[];
  /** Per channel: the series' change per full switch of the channel (regression slope); null likewise. */
  slope: (number | null)[];
  /** Per channel: the slope's standard error (from the fit's residuals); null likewise, or with too few points to tell. */
  slopeError: (number | null)[];
  /** Per channel: the detrended series' variance. */
  variance: number[];
  /** The detrended series less the nuisance's part in a joint fit with the sequence (for the transitions' steps). */
  cleaned: Rgb[];
}

/** `v` less its least-squares fit on the `basis` series (each already detrended); `v` itself when the basis is empty or singular. */
function residual(v: readonly number[], basis: readonly (readonly number[])[]): number[] {
  const k = basis.length;
  if (!k) return [...v];
  // Normal equations (k ≤ 3 here): G a = b, G the basis' Gram matrix.
  const g = basis.map((p) => basis.map((q) => p.reduce((s, x, i) => s + x * q[i]!, 0)));
  const b = basis.map((p) => p.reduce((s, x, i) => s + x * v[i]!, 0));
  const a = solve(g, b);
  if (!a) return [...v];
  return v.map((x, i) => x - basis.reduce((s, p, j) => s + a[j]! * p[i]!, 0));
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solve(m: number[][], b: number[]): number[] | null {
  const n = b.length;
  const a = m.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (Math.abs(a[p]![c]!) < 1e-12) return null;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let j = c; j <= n; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/**
 * How the relative series `x` follows the expected 0/1 series `e` (both at the same times),
 * each with its own running mean removed so what is left is the change within the window.
 * `nuisance`: series of what else moves the skin's colour (the head's pose), removed from both
 * by least squares first, so the figures are the part of the change the light explains beyond
 * them. The sequence is random and the pose is not, so this takes nothing from the light's own
 * signal, only the patches sliding over other skin while the head turns.
 * `fitOn`: when given, the fit uses only the points it marks, after the running means were
 * taken over all of them (a subset's gaps would otherwise mix distant stretches into one mean);
 * `cleaned` then holds those points only.
 */
export function following(times: readonly number[], x: readonly Rgb[], e: readonly Rgb[], halfMs: number, nuisance: readonly (readonly number[])[] = [], fitOn?: readonly boolean[]): Following {
  const correlation: (number | null)[] = [];
  const slope: (number | null)[] = [];
  const slopeError: (number | null)[] = [];
  const variance: number[] = [];
  const kept = <T>(v: readonly T[]): T[] => (fitOn ? v.filter((_, i) => fitOn[i]) : [...v]);
  const basis = nuisance.map((p) => kept(detrend(times, p, halfMs))).filter((p) => p.some((y) => Math.abs(y) > 1e-9));
  const cleaned: number[][] = [];
  for (let c = 0; c < 3; c++) {
    const raw = kept(detrend(times, x.map((v) => v[c]!), halfMs));
    const rawE = kept(detrend(times, e.map((v) => v[c]!), halfMs));
    const dxs = residual(raw, basis);
    const des = residual(rawE, basis);
    // By Frisch-Waugh, x's fit on the sequence and the nuisance together is slope·e + (what the
    // nuisance explains of x - slope·e): remove the latter from the raw series.
    const k = des.reduce((acc, y) => acc + y * y, 0);
    const b = k > 0 ? des.reduce((acc, y, i) => acc + y * dxs[i]!, 0) / k : 0;
    const pose = raw.map((y, i) => y - b * rawE[i]!);
    const posePart = residual(pose, basis).map((r, i) => pose[i]! - r);
    cleaned.push(raw.map((y, i) => y - posePart[i]!));
    let sxe = 0;
    let sxx = 0;
    let see = 0;
    for (let i = 0; i < dxs.length; i++) {
      sxe += dxs[i]! * des[i]!;
      sxx += dxs[i]! * dxs[i]!;
      see += des[i]! * des[i]!;
    }
    // A channel that barely switched within the windows carries no test of its own.
    const switched = see > 0.02 * dxs.length;
    correlation.push(switched && sxx > 0 ? sxe / Math.sqrt(sxx * see) : switched ? 0 : null);
    slope.push(switched ? sxe / see : null);
    // Residual variance over the points left after the slope and the nuisance were fitted.
    const freedom = dxs.length - 1 - basis.length;
    slopeError.push(switched && freedom > 0 ? Math.sqrt(Math.max(0, sxx - (sxe * sxe) / see) / freedom / see) : null);
    variance.push(dxs.length ? sxx / dxs.length : 0);
  }
  return { correlation, slope, slopeError, variance, cleaned: cleaned[0]!.map((_, i) => [cleaned[0]![i]!, cleaned[1]![i]!, cleaned[2]![i]!]) };
}

/**
 * A colour less its channels' mean: what is left is the colour's hue, not its brightness. The
 * face's brightness changes with everything but the screen (a head turning into its own shadow,
 * the room's light on a moving face, exposure); the room's light is near-white, so these move
 * the three channels together and cancel here. The screen's colours change the channels apart:
 * every palette colour differs from every other in hue, so each transition stays visible.
 */
export function chroma(x: Rgb, weights: Rgb = [1, 1, 1]): Rgb {
  const m = weightedMean(x, weights) ?? 0;
  return [x[0] - m, x[1] - m, x[2] - m];
}

/**
 * The mean of the non-null values weighed by `weights` (each channel's level): a relative
 * change of skin's blue, a few 8-bit levels in a dark patch, is mostly quantisation, where its
 * red, ten times brighter, carries the same relative signal cleanly.
 */
export function weightedMean(values: readonly (number | null)[], weights: Rgb): number | null {
  let sum = 0;
  let n = 0;
  values.forEach((v, c) => {
    if (v === null) return;
    sum += v * weights[c]!;
    n += weights[c]!;
  });
  return n > 0 ? sum / n : null;
}

/** Each channel's mean over `colours`: the weights of weightedMean. */
export function levelsOf(colours: readonly Rgb[]): Rgb {
  const n = Math.max(1, colours.length);
  return [0, 1, 2].map((c) => colours.reduce((s, x) => s + x[c]!, 0) / n) as Rgb;
}

/** The mean of the non-null values; null when none. */
export function meanOf(values: readonly (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}
