/**
 * Dotted-version comparison and matching against the version specs of flows/apps.json and
 * flows/devices.json (the spec grammar, which the flow files' schemas check, is
 * schemas/versionSpec.ts).
 *
 * A version is compared at the precision of the bound it is compared with: the messaging
 * app reports "8.0.42.2380" (version plus build) and the partner who lists "8.0.42" means
 * every build of 8.0.42, and "4-6" means Android 4.x to 6.x. So the version is cut (or
 * padded with zeros) to the bound's number of parts before comparing.
 */
import { compareParts, parseVersionSpec, toParts } from "../../schemas/versionSpec";

export { compareParts };

const LEADING_VERSION = /^\d+(\.\d+)*/;

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
