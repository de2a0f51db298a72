/**
 * Dotted-version comparison and the version specs of flows/apps.json and flows/devices.json
 * (spec §5: "all wildcard, single versions, ranges").
 *
 * A spec is "*" (every version, even an unknown one), a single version "8.0.47", or an
 * inclusive range "8.0.40-8.0.45".
 *
 * A version is compared at the precision of the bound it is compared with: the messaging
 * app reports "8.0.42.2380" (version plus build) and the partner who lists "8.0.42" means
 * every build of 8.0.42, and "4-6" means Android 4.x to 6.x. So the version is cut (or
 * padded with zeros) to the bound's number of parts before comparing.
 */

/** A parsed spec; bounds are lists of non-negative integers. */
export type VersionSpec =
  | { kind: "any" }
  | { kind: "exact"; version: readonly number[] }
  | { kind: "range"; from: readonly number[]; to: readonly number[] };

const STRICT_VERSION = /^\d+(\.\d+)*$/;
const LEADING_VERSION = /^\d+(\.\d+)*/;

function toParts(version: string): number[] {
  return version.split(".").map((p) => Number.parseInt(p, 10));
}

/**
 * The numeric parts of a version, read from its leading dotted digits ("121.0a1" → [121, 0]),
 * or null when it does not start with a digit. Parsers report versions like that, so the
 * tail is ignored rather than making the whole version unknown.
 */
export function parseVersion(version: string | null | undefined): number[] | null {
  if (version == null) return null;
  const m = LEADING_VERSION.exec(version.trim());
  return m ? toParts(m[0]) : null;
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

/** Compare two dotted versions numerically ("8.0.10" > "8.0.9"); throws if either is not a version. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) throw new Error(`Cannot compare versions "${a}" and "${b}": expected dotted numbers like 8.0.47`);
  return compareParts(pa, pb);
}

/** Compare `version` with `bound` at the bound's precision (see the file comment). */
function compareAtPrecision(version: readonly number[], bound: readonly number[]): -1 | 0 | 1 {
  return compareParts(version.slice(0, bound.length), bound);
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

/**
 * Whether `version` satisfies `spec`. An unknown version (null, or not starting with a digit)
 * only matches "*".
 *
 * @example matchesVersionSpec("8.0.42.2380", "8.0.40-8.0.42") // true
 */
export function matchesVersionSpec(version: string | null | undefined, spec: string): boolean {
  const parsed = parseVersionSpec(spec);
  if (parsed.kind === "any") return true;
  const parts = parseVersion(version);
  if (!parts) return false;
  if (parsed.kind === "exact") return compareAtPrecision(parts, parsed.version) === 0;
  return compareAtPrecision(parts, parsed.from) >= 0 && compareAtPrecision(parts, parsed.to) <= 0;
}

/** Whether `version` satisfies at least one of `specs` (false for an empty list). */
export function matchesAnyVersionSpec(version: string | null | undefined, specs: readonly string[]): boolean {
  return specs.some((spec) => matchesVersionSpec(version, spec));
}
