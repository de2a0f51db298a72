/**
 * English number words as ASCII digits, so an English reader's transcript is compared with
 * the issued digits as a Chinese one is (chineseDigits.ts runs this first). Recognisers write
 * "one two three four", "One, two, three, four.", "1 2 3 4", "oh" or "zero" for 0, "double
 * five" for 55 and "triple seven" for 777; a reader who reads the code as two numbers says
 * "twelve thirty-four" (1234), so teens and tens are read too ("twenty" alone is 20).
 * Hundreds and thousands are not (nobody reads a four-digit code as "one thousand …").
 *
 * Homophones a recogniser may write for a digit ("to", "for", "won", "ate") are left alone:
 * they are ordinary words, and reading them as digits would find digits in every sentence.
 * A refusal is the cost, never a false pass.
 */

const UNITS: Record<string, number> = {
  zero: 0, oh: 0, nought: 0,
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 2, thirty: 3, forty: 4, fifty: 5, sixty: 6, seventy: 7, eighty: 8, ninety: 9 };
const REPEATS: Record<string, number> = { double: 2, triple: 3 };

const words = (record: Record<string, number>) => Object.keys(record).join("|");
/** A unit word or an ASCII digit: what "double"/"triple" and a tens word may be followed by. */
const UNIT = `(${words(UNITS)}|\\d)`;
const SEPARATOR = "[\\s-]+";
/** The unit words a tens word takes ("twenty-one"); "twenty oh" is two numbers. */
const NON_ZERO_UNIT = `(${Object.keys(UNITS).filter((word) => UNITS[word] !== 0).join("|")})`;

function unitValue(word: string): number {
  const value = /^\d$/.test(word) ? Number(word) : UNITS[word.toLowerCase()];
  if (value === undefined) throw new RangeError(`not a unit word: ${word}`);
  return value;
}

const REPEATED = new RegExp(`\\b(${words(REPEATS)})${SEPARATOR}${UNIT}\\b`, "gi");
const TENS_AND_UNIT = new RegExp(`\\b(${words(TENS)})(?:${SEPARATOR}${NON_ZERO_UNIT})?\\b`, "gi");
const TEEN = new RegExp(`\\b(${words(TEENS)})\\b`, "gi");
const SINGLE = new RegExp(`\\b(${words(UNITS)})\\b`, "gi");

/**
 * The text with its English number words replaced by digits, each followed by a space so
 * that neighbouring words stay apart; everything else as it was.
 * @example englishNumberWordsToDigits("Double five, twenty-one") // "55 , 21 "
 */
export function englishNumberWordsToDigits(text: string): string {
  return text
    .replace(REPEATED, (_m, repeat: string, unit: string) => `${String(unitValue(unit)).repeat(REPEATS[repeat.toLowerCase()] ?? 1)} `)
    .replace(TENS_AND_UNIT, (_m, tens: string, unit: string | undefined) => `${TENS[tens.toLowerCase()] ?? ""}${unit === undefined ? 0 : unitValue(unit)} `)
    .replace(TEEN, (_m, teen: string) => `${TEENS[teen.toLowerCase()] ?? ""} `)
    .replace(SINGLE, (_m, unit: string) => `${unitValue(unit)} `);
}
