/**
 * The two sources of non-determinism the service uses, injected so tests control them.
 */
import { randomBytes as nodeRandomBytes } from "node:crypto";

export interface Clock {
  /** Unix time in milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Cryptographically strong random bytes (node:crypto's randomBytes in production). */
export type RandomBytes = (size: number) => Buffer;

export const systemRandomBytes: RandomBytes = (size) => nodeRandomBytes(size);

/** Random token as lowercase hex of `bytes` random bytes. */
export function randomHex(random: RandomBytes, bytes: number): string {
  return random(bytes).toString("hex");
}

/**
 * `count` decimal digits, uniform: bytes of 250 or more are skipped so that byte % 10 has no
 * bias (250 is the largest multiple of 10 that fits in a byte).
 */
export function randomDigits(random: RandomBytes, count: number): string {
  let out = "";
  while (out.length < count) {
    for (const byte of random(count * 2)) {
      if (byte < 250 && out.length < count) out += String(byte % 10);
    }
  }
  return out;
}
