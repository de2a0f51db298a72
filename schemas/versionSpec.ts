/**
 * The grammar of the version specs of flows/apps.json and flows/devices.json (spec §5: "all
 * wildcard, single versions, ranges"): "*" (every version, even an unknown one), a single
 * version "8.0.47", or an inclusive range "8.0.40-8.0.45". Here, not in src/device/, because
 * the flow files' schemas check it; matching a version against a spec is src/device/versionRange.ts.
 * Plain code, no zod.
 */

/** A parsed spec; bounds are lists of non-negative integers. */
type VersionSpec =
  | { kind: "any" }
  | { kind: "exact"; version: readonly number[] }
  | { kind: "range"; from: readonly number[]; to: readonly number[] };

const STRICT_VERSION = /^\d+(\.\d+)*$/;

/** The numeric parts of a dotted version that is known to be well formed. */
export function toParts(version: string): number[] {
  return version.split(".").map((p) => Number.parseInt(p, 10));
}

/** Compare two part lists; missing parts count as 0, so [8, 0] equals [8, 0, 0]. */
export function compareParts(a: readonly number[], b: readonly number[]): -1 | 0 | 1 {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Parse a spec; throws on a malformed spec or a range whose start lies after its end. */
export function parseVersionSpec(spec: string): VersionSpec {
  if (spec === "*") return { kind: "any" };
  const dash = spec.indexOf("-");
  if (dash < 0) {
    if (!STRICT_VERSION.test(spec)) throw new Error(`Bad version spec "${spec}": expected *, 8.0.47 or 8.0.40-8.0.45`);
    return { kind: "exact", version: toParts(spec) };
  }
  const from = spec.slice(0, dash);
  const to = spec.slice(dash + 1);
  if (!STRICT_VERSION.test(from) || !STRICT_VERSION.test(to)) {
    throw new Error(`Bad version spec "${spec}": expected *, 8.0.47 or 8.0.40-8.0.45`);
  }
  const range = { kind: "range" as const, from: toParts(from), to: toParts(to) };
  if (compareParts(range.from, range.to) > 0) throw new Error(`Bad version spec "${spec}": the range starts after it ends`);
  return range;
}

/** True when `spec` is well formed (including an ordered range); for schema checks. */
export function isValidVersionSpec(spec: string): boolean {
  try {
    parseVersionSpec(spec);
    return true;
  } catch {
    return false;
  }
}
