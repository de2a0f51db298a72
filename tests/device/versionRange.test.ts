import { describe, expect, it } from "vitest";
import { isValidVersionSpec, parseVersionSpec } from "../../schemas/versionSpec";
import { compareVersions, matchesAnyVersionSpec, matchesVersionSpec, parseVersion } from "../../src/device/versionRange";

describe("compareVersions", () => {
  it("compares numerically, not as text", () => {
    expect(compareVersions("8.0.10", "8.0.9")).toBe(1);
    expect(compareVersions("8.0.9", "8.0.10")).toBe(-1);
    expect(compareVersions("10", "9.9.9")).toBe(1);
  });

  it("treats missing parts as zero", () => {
    expect(compareVersions("8.0", "8.0.0")).toBe(0);
    expect(compareVersions("8", "8.0.1")).toBe(-1);
  });

  it("throws on something that is not a version", () => {
    expect(() => compareVersions("beta", "8.0")).toThrow(/Cannot compare versions "beta"/);
  });
});

describe("parseVersion", () => {
  it("reads the leading dotted digits and ignores a suffix", () => {
    expect(parseVersion("121.0a1")).toEqual([121, 0]);
    expect(parseVersion("8.0.37.2380")).toEqual([8, 0, 37, 2380]);
  });

  it("returns null for an unknown version", () => {
    expect(parseVersion(null)).toBeNull();
    expect(parseVersion("")).toBeNull();
    expect(parseVersion("x5")).toBeNull();
  });
});

describe("matchesVersionSpec", () => {
  it('"*" matches every version, even an unknown one', () => {
    expect(matchesVersionSpec("8.0.47", "*")).toBe(true);
    expect(matchesVersionSpec(null, "*")).toBe(true);
  });

  it("a single version matches that version and its builds only", () => {
    expect(matchesVersionSpec("8.0.47", "8.0.47")).toBe(true);
    expect(matchesVersionSpec("8.0.47.2560", "8.0.47")).toBe(true);
    expect(matchesVersionSpec("8.0.470", "8.0.47")).toBe(false);
    expect(matchesVersionSpec("8.0.46", "8.0.47")).toBe(false);
    expect(matchesVersionSpec("8.0", "8.0.47")).toBe(false);
  });

  it("a range includes both ends", () => {
    expect(matchesVersionSpec("8.0.40", "8.0.40-8.0.45")).toBe(true);
    expect(matchesVersionSpec("8.0.45", "8.0.40-8.0.45")).toBe(true);
    expect(matchesVersionSpec("8.0.42", "8.0.40-8.0.45")).toBe(true);
  });

  it("a range excludes versions just outside it", () => {
    expect(matchesVersionSpec("8.0.39", "8.0.40-8.0.45")).toBe(false);
    expect(matchesVersionSpec("8.0.46", "8.0.40-8.0.45")).toBe(false);
    expect(matchesVersionSpec("8.1.0", "8.0.40-8.0.45")).toBe(false);
  });

  it("compares at the precision of the bound: builds of the last version are inside", () => {
    expect(matchesVersionSpec("8.0.45.2521", "8.0.40-8.0.45")).toBe(true);
    expect(matchesVersionSpec("6.0.1", "4-6")).toBe(true);
    expect(matchesVersionSpec("7.0", "4-6")).toBe(false);
    expect(matchesVersionSpec("3.2", "4-6")).toBe(false);
  });

  it("compares multi-digit parts numerically", () => {
    expect(matchesVersionSpec("8.0.9", "8.0.10-8.0.20")).toBe(false);
    expect(matchesVersionSpec("8.0.10", "8.0.9-8.0.20")).toBe(true);
  });

  it("an unknown version never matches a version or range", () => {
    expect(matchesVersionSpec(null, "8.0.47")).toBe(false);
    expect(matchesVersionSpec(undefined, "1-99")).toBe(false);
  });

  it("throws on a malformed or reversed spec instead of never matching", () => {
    expect(() => matchesVersionSpec("8.0.1", "8.0.x")).toThrow(/Bad version spec "8.0.x"/);
    expect(() => matchesVersionSpec("8.0.1", "8.0.45-8.0.40")).toThrow(/starts after it ends/);
    expect(() => parseVersionSpec("8.0-")).toThrow();
    expect(isValidVersionSpec("8.0.45-8.0.40")).toBe(false);
    expect(isValidVersionSpec("8.0.40-8.0.45")).toBe(true);
  });
});

describe("matchesAnyVersionSpec", () => {
  it("matches when one of the specs does", () => {
    expect(matchesAnyVersionSpec("8.0.3", ["7.0.20", "8.0.1-8.0.5"])).toBe(true);
    expect(matchesAnyVersionSpec("7.0.20", ["7.0.20", "8.0.1-8.0.5"])).toBe(true);
    expect(matchesAnyVersionSpec("8.0.6", ["7.0.20", "8.0.1-8.0.5"])).toBe(false);
  });

  it("an empty list matches nothing", () => {
    expect(matchesAnyVersionSpec("8.0.3", [])).toBe(false);
  });
});
