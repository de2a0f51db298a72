/**
 * Whether a secret is strong enough for release mode (FACEFLOW_ENV=release): at least 32
 * characters, no word a guesser tries first, and an estimated entropy of at least
 * MIN_SECRET_BITS. A secret made by a random generator (32 hex digits, 32 base64 characters,
 * `openssl rand -hex 16`, `openssl rand -base64 24`) always passes; a typed one made of
 * repeats, runs or words fails.
 *
 * The estimate is the smaller of two lower bounds on what a guesser must try:
 * - the pattern estimate: each character is worth log2 of the pool its character classes span
 *   (16 for hex, 26 per letter case, 10 digits, 33 symbols), except a character a guesser
 *   predicts from the one before it (a repeat, the next step of a run like "abc", "975" or
 *   "qwe" along a keyboard row), which is worth 1 bit;
 * - the Shannon estimate: the entropy of the secret's own character frequencies times its
 *   length, which catches low variety ("abababab…", "aaaabbbb…") whatever its pool.
 *
 * Why MIN_SECRET_BITS is 80 and not 128: 32 random hex digits hold 128 bits, but a 32-character
 * sample of 16 symbols cannot show it. Its character frequencies are uneven by chance, so its
 * Shannon estimate averages about 3.6 bits a character (115 bits) and falls to about 86 bits
 * for one secret in a million (measured over 10^6 random secrets). 80 bits keeps every random
 * 32-hex secret, while anything with a quarter of its characters predictable, a period, or
 * fewer than about ten distinct characters falls below it. 80 bits is also beyond any guessing:
 * the secret keys an HMAC, so a guess can only be tested against a captured signature, and
 * 2^80 HMAC computations are out of reach.
 */

/** The smallest length accepted in release mode. */
const MIN_SECRET_LENGTH = 32;
/** The smallest estimated entropy accepted in release mode (see above). */
const MIN_SECRET_BITS = 80;

/**
 * Words a guesser tries first, lower case, looked for as written, Capitalised and in CAPITALS.
 * Each has a letter outside a-f, so no hex secret can contain one, and each has five letters or
 * more, so a random base64 secret contains one of them about once in ten million.
 */
const GUESSED_WORDS = [
  "password", "passwd", "secret", "changeme", "faceflow", "admin", "letmein", "welcome", "default",
  "example", "qwerty", "azerty", "monkey", "dragon", "master", "login", "token",
] as const;

/** A word as guessers write it. */
const variantsOf = (word: string) => [word, word.toUpperCase(), word.charAt(0).toUpperCase() + word.slice(1)];

/** Keyboard rows and the digit row, for runs like "asdf" or "7890". */
const KEYBOARD_ROWS = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop", "yxcvbnm", "azertyuiop", "wxcvbn"] as const;

const HEX = /^[0-9a-f]+$|^[0-9A-F]+$/;
/** Characters the pattern estimate looks at (the search for repeats is quadratic). */
const MAX_ESTIMATED = 256;

/** log2 of the pool of characters the secret's character classes span. */
function poolBits(secret: string): number {
  if (HEX.test(secret)) return 4;
  let pool = 0;
  if (/[a-z]/.test(secret)) pool += 26;
  if (/[A-Z]/.test(secret)) pool += 26;
  if (/[0-9]/.test(secret)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(secret)) pool += 33;
  return Math.log2(Math.max(pool, 2));
}

/** Whether `a` then `b` are neighbours on one keyboard row, in either direction. */
function keyboardStep(a: string, b: string): boolean {
  const pair = (a + b).toLowerCase();
  const reversed = (b + a).toLowerCase();
  return KEYBOARD_ROWS.some((row) => row.includes(pair) || row.includes(reversed));
}

/** Whether s[i] is what a guesser expects after s[i-2], s[i-1]: a repeat or a run's next step. */
function predictable(s: string, i: number): boolean {
  const cur = s.charCodeAt(i);
  const prev = s.charCodeAt(i - 1);
  if (cur === prev) return true;
  if (i < 2) return false;
  const before = s.charCodeAt(i - 2);
  const step = cur - prev;
  // An arithmetic run of small steps: "abc", "ace", "987".
  if (step === prev - before && Math.abs(step) <= 2) return true;
  // A run along a keyboard row: "qwe", "lkj", "890".
  return keyboardStep(s[i - 2] ?? "", s[i - 1] ?? "") && keyboardStep(s[i - 1] ?? "", s[i] ?? "");
}

/** The length of the longest run of characters from `i` on that already started at some earlier position. */
function earlierMatch(s: string, i: number): number {
  let longest = 0;
  for (let j = 0; j < i; j++) {
    let k = 0;
    while (i + k < s.length && s[j + k] === s[i + k]) k++;
    longest = Math.max(longest, k);
  }
  return longest;
}

/**
 * Bits of the pattern estimate: pool bits for each character, 1 bit for a predictable one and
 * for each character of a stretch of four or more that repeats an earlier one ("deadbeefdeadbeef").
 * Only the first MAX_ESTIMATED characters are looked at, which can only lower the estimate.
 */
function patternBits(secret: string): number {
  const s = secret.slice(0, MAX_ESTIMATED);
  const perChar = poolBits(s);
  let bits = 0;
  let i = 0;
  while (i < s.length) {
    const repeated = earlierMatch(s, i);
    if (repeated >= 4) {
      bits += repeated;
      i += repeated;
      continue;
    }
    bits += i > 0 && predictable(s, i) ? 1 : perChar;
    i += 1;
  }
  return bits;
}

/** Bits of the Shannon estimate: the entropy of the character frequencies times the length. */
function shannonBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const c of secret) counts.set(c, (counts.get(c) ?? 0) + 1);
  const n = secret.length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / n) * Math.log2(count / n);
  return perChar * n;
}

/** The estimated entropy of a secret in bits: the smaller of the pattern and Shannon estimates. */
function estimateSecretBits(secret: string): number {
  return Math.min(patternBits(secret), shannonBits(secret));
}

/**
 * Why a secret is too weak for release mode, or null when it is strong enough. `names` are
 * words that must not appear either (the app id).
 * @example secretWeakness("x".repeat(32)) // "its estimated entropy is 0 bits, below the 80 required: …"
 */
export function secretWeakness(secret: string, names: readonly string[] = []): string | null {
  if (secret.length < MIN_SECRET_LENGTH) return `it is ${secret.length} characters long, below the ${MIN_SECRET_LENGTH} required`;
  const words = [...GUESSED_WORDS, ...names.filter((n) => n.length >= 4).map((n) => n.toLowerCase())];
  const word = words.find((w) => variantsOf(w).some((variant) => secret.includes(variant)));
  if (word !== undefined) return `it contains "${word}", a word guessers try first`;
  const bits = Math.floor(estimateSecretBits(secret));
  if (bits < MIN_SECRET_BITS) {
    return `its estimated entropy is ${bits} bits, below the ${MIN_SECRET_BITS} required: it repeats characters or a pattern, runs along the alphabet or the keyboard, or uses few distinct characters (use a random value, e.g. openssl rand -hex 32)`;
  }
  return null;
}
