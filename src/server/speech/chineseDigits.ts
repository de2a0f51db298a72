/**
 * Reading the digits in a recogniser's Mandarin text, for number mode's "read these four
 * digits aloud". Recognisers write the same speech many ways: 一二三四, 1234, １２３４,
 * 幺二三四 (幺 is 1 as read in phone numbers), 一 二 三 四, 一，二，三，四, or, when the
 * user reads the code as a number, 一千二百三十四.
 *
 * Place words (十 百 千) are read as a number written out: 十 is "10", 三十四 "34",
 * 一千二百三十四 "1234", 两千零二十四 "2024", and the spoken short form 一千二 "1200". A
 * user reading single digits never says 十, but a recogniser may write 十 for 一零 or 十四
 * for 一四 (the same syllables run together); reading it as "10" keeps the digits the user
 * said. The cost: 十 followed by a digit is a teen (十二 is 12), so 一零二四 written 十二四
 * reads 124 and does not match 1024, a refusal rather than a false pass. A run that mixes
 * both styles splits where a digit is followed by another digit: 一二三十四 is 1, 2, 34.
 * 万 and larger are not read (no issued code is that long). 一 inside words (一下, 一个) is
 * read as a digit too; digits around the issued ones do not stop a match.
 *
 * English number words become digits first (englishDigits.ts: a reader of the English page
 * says "one two three four"), then whitespace is dropped (recognisers space out CJK tokens);
 * any other character that is not a numeral ends a number and is dropped.
 */
import { englishNumberWordsToDigits } from "./englishDigits";

const DIGIT_CHARS: Record<string, number> = {};
const add = (chars: string, value: number) => {
  for (const char of chars) DIGIT_CHARS[char] = value;
};
// Everyday, financial (大写) and traditional forms; then ASCII and full-width digits.
add("零〇", 0);
add("一幺壹", 1);
add("二两兩贰貳", 2);
add("三叁參", 3);
add("四肆", 4);
add("五伍", 5);
add("六陆陸", 6);
add("七柒", 7);
add("八捌", 8);
add("九玖", 9);
for (let d = 0; d <= 9; d++) {
  add(String(d), d);
  add(String.fromCharCode(0xff10 + d), d);
}

const UNIT_CHARS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };

type Numeral = { digit: number } | { unit: number };

function numeralOf(char: string): Numeral | null {
  const digit = DIGIT_CHARS[char];
  if (digit !== undefined) return { digit };
  const unit = UNIT_CHARS[char];
  return unit === undefined ? null : { unit };
}

/**
 * A number with place words starting at `from`, e.g. 三十四 or 一千零五: its value and where
 * it ends; null when none starts there (a lone digit, or a digit followed by a digit).
 */
function readPlaceNumber(run: readonly Numeral[], from: number): { value: number; end: number } | null {
  let value = 0;
  let lastUnit = Infinity;
  let pending: number | null = null;
  let zeroSinceUnit = false;
  let at = from;
  for (; at < run.length; at++) {
    const numeral = run[at];
    if (numeral === undefined) break;
    if ("unit" in numeral) {
      // Places only go down (千 then 百 then 十); 十百 or 十十 start a new number.
      if (numeral.unit >= lastUnit) break;
      value += (pending ?? 1) * numeral.unit;
      lastUnit = numeral.unit;
      pending = null;
      zeroSinceUnit = false;
    } else if (numeral.digit === 0) {
      // 零 only fills a skipped place (一千零五); before any place word it is a digit of its own.
      if (lastUnit === Infinity || pending !== null) break;
      zeroSinceUnit = true;
    } else {
      if (pending !== null) break;
      pending = numeral.digit;
    }
  }
  if (lastUnit === Infinity) return null;
  if (pending !== null) {
    // 一千二 is 1200 and 两百五 250 (the next place down); 三十四 is 34 and 一千零五 1005.
    value += lastUnit >= 100 && !zeroSinceUnit ? (pending * lastUnit) / 10 : pending;
  }
  // The numeral that stopped the loop (if any) starts the next number.
  return { value, end: at };
}

/** The digits of one run of numerals, e.g. [一, 二, 三, 十, 四] gives "1234". */
function digitsOfRun(run: readonly Numeral[]): string {
  let out = "";
  let at = 0;
  while (at < run.length) {
    const place = readPlaceNumber(run, at);
    if (place !== null) {
      out += String(place.value);
      at = place.end;
      continue;
    }
    const numeral = run[at];
    if (numeral !== undefined && "digit" in numeral) out += String(numeral.digit);
    at += 1;
  }
  return out;
}

/**
 * The digits spoken in a text, as ASCII digits; everything else dropped.
 * @example normaliseSpokenDigits("幺 二 三 四") // "1234"
 * @example normaliseSpokenDigits("一千二百三十四。") // "1234"
 * @example normaliseSpokenDigits("One, double two, four.") // "1224"
 */
export function normaliseSpokenDigits(text: string): string {
  let out = "";
  let run: Numeral[] = [];
  for (const char of englishNumberWordsToDigits(text).replace(/\s+/g, "")) {
    const numeral = numeralOf(char);
    if (numeral !== null) run.push(numeral);
    else if (run.length > 0) {
      out += digitsOfRun(run);
      run = [];
    }
  }
  return out + digitsOfRun(run);
}

interface DigitMatch {
  /** The expected digits occur, in order and together, among the digits heard. */
  matched: boolean;
  /** Every digit heard, in order ("" when none). */
  heard: string;
}

/**
 * Whether a recogniser's text contains the issued digits, read in order with nothing between
 * them; other digits before or after (a false start, "我读一下 1234") do not matter.
 * @example matchDigits("1234", "一二三四") // { matched: true, heard: "1234" }
 */
export function matchDigits(expected: string, recognisedText: string): DigitMatch {
  if (!/^[0-9]+$/.test(expected)) throw new RangeError(`matchDigits expects ASCII digits, got "${expected}"`);
  const heard = normaliseSpokenDigits(recognisedText);
  return { matched: heard.includes(expected), heard };
}
