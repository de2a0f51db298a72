/**
 * Reversible obfuscation of storage keys and values, keyed by a secret (the cache id).
 *
 * This is obfuscation against casual reading (someone glancing at devtools or a storage
 * dump), NOT encryption: the key stream comes from a non-cryptographic hash of a secret
 * that is itself in the launch URL, so anyone with the code and the URL can undo it.
 * Never rely on it to protect data from a script running on the page.
 *
 * Text is UTF-8 encoded (so all of Unicode survives, including emoji and CJK), XORed with a
 * byte stream derived from the secret, and written as unpadded base64url so the result is
 * safe in a storage key. (A string holding a lone UTF-16 surrogate is not valid Unicode and
 * comes back with U+FFFD in its place, as with any UTF-8 round trip.)
 */

const encoder = new TextEncoder();
/**
 * `fatal` so that bytes which are not UTF-8 (a foreign or damaged value) are detected, not
 * turned into U+FFFD; `ignoreBOM` so that a text starting with U+FEFF keeps it.
 */
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** cyrb53: a fast 53-bit string hash, returned as its two 32-bit halves. */
function hashHalves(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** A short, stable, non-reversible tag of `text` (53-bit hash in base 36), e.g. for naming a scope. */
export function digest(text: string): string {
  const [h1, h2] = hashHalves(text);
  return ((h2 & 0x1fffff) * 4294967296 + h1).toString(36);
}

/** XOR `bytes` in place with a mulberry32 stream seeded from the secret; applying it twice restores them. */
function xorWithKeyStream(bytes: Uint8Array, secret: string): Uint8Array {
  let state = hashHalves(secret)[0];
  let word = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (i % 4 === 0) {
      state = (state + 0x6d2b79f5) | 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      word = (t ^ (t >>> 14)) >>> 0;
    }
    bytes[i] = (bytes[i] ?? 0) ^ ((word >>> ((i % 4) * 8)) & 0xff);
  }
  return bytes;
}

/** Chunked so that large values (a base64 video) do not overflow the argument limit of fromCharCode. */
const CHUNK = 0x8000;

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function fromBase64Url(text: string): Uint8Array | undefined {
  // A length of 1 mod 4 can never come out of toBase64Url.
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Obfuscate `text` with `secret`.
 * @example obfuscate("张三", "h5face-1") // → "mI0v…" (base64url), reversed by deobfuscate
 */
export function obfuscate(text: string, secret: string): string {
  return toBase64Url(xorWithKeyStream(encoder.encode(text), secret));
}

/**
 * Undo `obfuscate`. Returns undefined when `encoded` cannot have come from `obfuscate`
 * (not base64url, or not UTF-8 once un-XORed), so callers can report it as corrupt.
 * A wrong secret usually, but not always, yields undefined; callers still parse the text.
 */
export function deobfuscate(encoded: string, secret: string): string | undefined {
  const bytes = fromBase64Url(encoded);
  if (bytes === undefined) return undefined;
  try {
    return decoder.decode(xorWithKeyStream(bytes, secret));
  } catch {
    return undefined;
  }
}
