/**
 * What a handoff hands out (issue 32): the phone link's token, 128 random bits (base64url, 22
 * characters), and the short code, 8 characters of a 31-letter alphabet (about 8.5e11 codes, so
 * with the guessing limits of handoffRoutes.ts a guess in a code's 10-minute life is hopeless).
 * Both are stored only as SHA-256 hashes.
 */
import { createHash } from "node:crypto";
import { HANDOFF_CODE_ALPHABET, HANDOFF_CODE_LENGTH } from "../../../schemas/handoff";
import { randomHex, type RandomBytes } from "../runtime";

export interface HandoffSecrets {
  /** Public id: how the desktop names its handoff; opens nothing. */
  id: string;
  token: string;
  code: string;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** `count` letters of the code alphabet, uniform: bytes at or above the largest multiple of its length are skipped. */
function randomCode(random: RandomBytes, count: number): string {
  const size = HANDOFF_CODE_ALPHABET.length;
  const limit = Math.floor(256 / size) * size;
  let out = "";
  while (out.length < count) {
    for (const byte of random(count * 2)) {
      if (byte < limit && out.length < count) out += HANDOFF_CODE_ALPHABET[byte % size];
    }
  }
  return out;
}

export function newHandoffSecrets(random: RandomBytes): HandoffSecrets {
  return { id: randomHex(random, 16), token: random(16).toString("base64url"), code: randomCode(random, HANDOFF_CODE_LENGTH) };
}

/** The code as shown: two groups of four ("K7QD-M2XP"). */
export function groupedCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A phone link's token as it appears in the path: 22 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
