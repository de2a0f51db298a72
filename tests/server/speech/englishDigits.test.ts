// An English reader's transcript of the issued digits: number words read as digits, so the
// speech check compares it as it does a Mandarin one (matchDigits).
import { describe, expect, it } from "vitest";
import { matchDigits, normaliseSpokenDigits } from "../../../src/server/speech/chineseDigits";

describe("English number words", () => {
  const spoken: [string, string][] = [
    ["one two three four", "1234"],
    ["One, two, three, four.", "1234"],
    ["ONE TWO THREE FOUR", "1234"],
    ["zero five oh nine", "0509"],
    ["nought six seven eight", "0678"],
    ["five nine", "59"],
    ["double five one two", "5512"],
    ["three triple seven", "3777"],
    ["double 5", "55"],
    ["twelve thirty-four", "1234"],
    ["twenty twenty four", "2024"],
    ["ninety", "90"],
    ["nineteen oh five", "1905"],
    ["one 2 three 4", "1234"],
    ["一二 three four", "1234"],
  ];
  it.each(spoken)("reads %s as %s", (text, digits) => {
    expect(normaliseSpokenDigits(text)).toBe(digits);
  });

  it("leaves words that only contain or sound like a number word alone", () => {
    expect(normaliseSpokenDigits("someone often went for a tone")).toBe("");
    expect(normaliseSpokenDigits("I want to read it twice")).toBe("");
  });

  it("matches the issued digits in an English reader's transcript, and not other digits", () => {
    expect(matchDigits("4071", "okay, four zero seven one")).toEqual({ matched: true, heard: "4071" });
    expect(matchDigits("3388", "double three double eight")).toEqual({ matched: true, heard: "3388" });
    expect(matchDigits("4071", "four zero seven two").matched).toBe(false);
    expect(matchDigits("4071", "four seven one").matched).toBe(false);
  });
});
