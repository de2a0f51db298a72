/**
 * Video scrambling of spec §4: before upload, the base64 text of the recording is cut at two
 * random positions and its first two pieces are swapped; the positions (posArr) travel with
 * the upload so the service can undo it, and the last 1000 characters of the unscrambled text
 * derive the messageId the service checks the upload against.
 *
 * This is an obfuscation the spec asks for, not encryption: anyone holding posArr can undo it.
 * Integrity comes from messageId and from the signed session, not from the cut.
 *
 * Runs in the browser and in Node (the service unscrambles with the same code), so it uses
 * only WebCrypto (`globalThis.crypto.subtle`) and no Node or zod imports.
 */

/** Bounds of spec §4: first cut 1..300, second cut first+1..400 (inclusive). */
const CUT_BOUNDS = { firstMin: 1, firstMax: 300, secondMax: 400 } as const;

/** How many trailing base64 characters derive messageId (spec §4). */
const MESSAGE_ID_TAIL = 1000;

export type CutPositions = [number, number];

type ScrambleErrorCode = "badPositions" | "tooShort";

/** Thrown when posArr is outside the spec §4 bounds or the text is too short to cut. */
export class ScrambleError extends Error {
  readonly code: ScrambleErrorCode;
  constructor(code: ScrambleErrorCode, message: string) {
    super(message);
    this.name = "ScrambleError";
    this.code = code;
  }
}

/** Uniform integer in [min, max]; tolerates a random() that returns exactly 1. */
function uniformInt(random: () => number, min: number, max: number): number {
  const r = random();
  if (!(r >= 0 && r <= 1)) throw new RangeError(`random() must return a number in [0, 1), got ${r}`);
  return Math.min(max, min + Math.floor(r * (max - min + 1)));
}

/**
 * Pick the two cut positions of spec §4 with an injected random source (Math.random in the
 * browser, a seeded one in tests).
 * @example pickCutPositions(Math.random) // e.g. [123, 287]
 */
export function pickCutPositions(random: () => number): CutPositions {
  const first = uniformInt(random, CUT_BOUNDS.firstMin, CUT_BOUNDS.firstMax);
  const second = uniformInt(random, first + 1, CUT_BOUNDS.secondMax);
  return [first, second];
}

/** Throws ScrambleError unless posArr is within spec §4 bounds and `length` reaches the second cut. */
function assertCutPositions(posArr: readonly number[], length: number): asserts posArr is CutPositions {
  const [p1, p2] = posArr;
  const valid =
    posArr.length === 2 &&
    Number.isInteger(p1) &&
    Number.isInteger(p2) &&
    p1 !== undefined &&
    p2 !== undefined &&
    p1 >= CUT_BOUNDS.firstMin &&
    p1 <= CUT_BOUNDS.firstMax &&
    p2 > p1 &&
    p2 <= CUT_BOUNDS.secondMax;
  if (!valid) {
    throw new ScrambleError(
      "badPositions",
      `posArr must be two integers [p1, p2] with 1 <= p1 <= 300 and p1 < p2 <= 400, got ${JSON.stringify(posArr)}`,
    );
  }
  if (length < p2) {
    throw new ScrambleError("tooShort", `text of ${length} characters is shorter than the second cut ${p2}`);
  }
}

/**
 * Scramble: with cuts p1 < p2, `out = s[p1:p2] + s[0:p1] + s[p2:]` (the head and the middle
 * piece swap places; the tail from p2 on is untouched, so the length is unchanged).
 * @example scrambleBase64("ABCDEFGH", [2, 5]) === "CDEABFGH"
 */
export function scrambleBase64(b64: string, posArr: CutPositions): string {
  assertCutPositions(posArr, b64.length);
  const [p1, p2] = posArr;
  return b64.slice(p1, p2) + b64.slice(0, p1) + b64.slice(p2);
}

/**
 * Undo scrambleBase64: the scrambled text starts with the middle piece (p2 - p1 characters),
 * then the original head (p1 characters), then the untouched tail.
 * @example unscrambleBase64("CDEABFGH", [2, 5]) === "ABCDEFGH"
 */
export function unscrambleBase64(s: string, posArr: CutPositions): string {
  assertCutPositions(posArr, s.length);
  const [p1, p2] = posArr;
  const middleLength = p2 - p1;
  return s.slice(middleLength, p2) + s.slice(0, middleLength) + s.slice(p2);
}

/**
 * messageId of spec §4: lowercase hex SHA-256 of the last 1000 characters of the unscrambled
 * base64 (the whole text when shorter). Base64 is ASCII, so the UTF-8 bytes are the characters.
 */
export async function messageIdOf(b64: string): Promise<string> {
  const tail = b64.slice(-MESSAGE_ID_TAIL);
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(tail));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
