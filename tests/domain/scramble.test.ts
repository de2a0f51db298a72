import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  messageIdOf,
  pickCutPositions,
  ScrambleError,
  scrambleBase64,
  unscrambleBase64,
  type CutPositions,
} from "../../src/domain/scramble";
import { randomBytes, seededRandom } from "../media/fixtures";

const base64Of = (random: () => number, bytes: number) => randomBytes(random, bytes).toString("base64");

describe("pickCutPositions", () => {
  it("stays within spec §4 bounds and reaches both ends", () => {
    const random = seededRandom(7);
    const firsts = new Set<number>();
    const seconds = new Set<number>();
    const outOfBounds: [number, number][] = [];
    for (let i = 0; i < 20000; i++) {
      const [p1, p2] = pickCutPositions(random);
      const valid = Number.isInteger(p1) && Number.isInteger(p2) && p1 >= 1 && p1 <= 300 && p2 > p1 && p2 <= 400;
      if (!valid) outOfBounds.push([p1, p2]);
      firsts.add(p1);
      seconds.add(p2);
    }
    expect(outOfBounds).toEqual([]);
    expect(firsts.has(1) && firsts.has(300)).toBe(true);
    expect(seconds.has(400)).toBe(true);
    expect(firsts.size).toBe(300);
  });

  it("maps the extremes of random() to the extremes of each range", () => {
    expect(pickCutPositions(() => 0)).toEqual([1, 2]);
    const top = 1 - Number.EPSILON;
    expect(pickCutPositions(() => top)).toEqual([300, 400]);
    // A random() that returns exactly 1 still lands inside the range.
    expect(pickCutPositions(() => 1)).toEqual([300, 400]);
  });

  it("rejects a random source outside [0, 1]", () => {
    expect(() => pickCutPositions(() => Number.NaN)).toThrow(RangeError);
    expect(() => pickCutPositions(() => -0.1)).toThrow(RangeError);
  });
});

describe("scrambleBase64 / unscrambleBase64", () => {
  it("swaps the head and the middle piece, as documented", () => {
    const text = "ABCDEFGHIJ".repeat(50);
    const out = scrambleBase64(text, [2, 5]);
    expect(out.slice(0, 5)).toBe("CDEAB");
    expect(out.slice(5)).toBe(text.slice(5));
    expect(unscrambleBase64(out, [2, 5])).toBe(text);
  });

  it("round-trips for many random cut positions and lengths, and actually changes the text", () => {
    const random = seededRandom(2024);
    for (let i = 0; i < 1000; i++) {
      const posArr = pickCutPositions(random);
      const text = base64Of(random, 300 + Math.floor(random() * 2000));
      const scrambled = scrambleBase64(text, posArr);
      expect(scrambled).toHaveLength(text.length);
      expect(unscrambleBase64(scrambled, posArr)).toBe(text);
      // Random base64 practically never has a head equal to the piece it swaps with.
      expect(scrambled).not.toBe(text);
    }
  });

  it("works when the text ends exactly at the second cut", () => {
    const text = base64Of(seededRandom(3), 300).slice(0, 400);
    expect(unscrambleBase64(scrambleBase64(text, [123, 400]), [123, 400])).toBe(text);
  });

  /** The ScrambleError code `fn` throws; fails the test when it does not throw one. */
  function errorCodeOf(fn: () => unknown): string {
    try {
      fn();
    } catch (error) {
      if (error instanceof ScrambleError) return error.code;
      throw error;
    }
    throw new Error("expected a ScrambleError, nothing was thrown");
  }

  it("throws a typed error for a text shorter than the second cut", () => {
    const text = "A".repeat(399);
    expect(errorCodeOf(() => scrambleBase64(text, [10, 400]))).toBe("tooShort");
    expect(errorCodeOf(() => unscrambleBase64(text, [10, 400]))).toBe("tooShort");
  });

  it("throws a typed error for positions outside spec §4", () => {
    const text = "A".repeat(1000);
    const bad: unknown[] = [[0, 5], [301, 302], [5, 5], [10, 4], [10, 401], [1.5, 3], [Number.NaN, 3], [1, 2, 3], [1]];
    for (const posArr of bad) {
      expect(errorCodeOf(() => scrambleBase64(text, posArr as CutPositions))).toBe("badPositions");
      expect(errorCodeOf(() => unscrambleBase64(text, posArr as CutPositions))).toBe("badPositions");
    }
  });
});

describe("messageIdOf", () => {
  it("is the SHA-256 hex of the last 1000 characters", async () => {
    const text = base64Of(seededRandom(11), 3000);
    const expected = createHash("sha256").update(text.slice(-1000)).digest("hex");
    expect(await messageIdOf(text)).toBe(expected);
  });

  it("is stable, depends only on the tail, and hashes a short text whole", async () => {
    const tail = "Q".repeat(1000);
    expect(await messageIdOf("AAAA" + tail)).toBe(await messageIdOf("BBBBBBBB" + tail));
    expect(await messageIdOf("AAAA" + tail)).not.toBe(await messageIdOf("AAAA" + tail.slice(1) + "R"));
    expect(await messageIdOf("abc")).toBe(createHash("sha256").update("abc").digest("hex"));
  });

  it("is the same before upload and after the service unscrambles", async () => {
    const random = seededRandom(5);
    const text = base64Of(random, 4000);
    const posArr = pickCutPositions(random);
    const received = unscrambleBase64(scrambleBase64(text, posArr), posArr);
    expect(await messageIdOf(received)).toBe(await messageIdOf(text));
  });
});
