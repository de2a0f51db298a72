// Reading issued digits in a recogniser's text: the many ways Mandarin speech of "1234" is
// written, place words (十 百 千) read as numbers, and what does not match.
import { describe, expect, it } from "vitest";
import { matchDigits, normaliseSpokenDigits } from "../../../src/server/speech/chineseDigits";

describe("normaliseSpokenDigits", () => {
  const digitByDigit: [string, string][] = [
    ["一二三四", "1234"],
    ["一 二 三 四", "1234"],
    ["一，二，三，四。", "1234"],
    ["幺二三四", "1234"],
    ["零一二三四五六七八九", "0123456789"],
    ["〇", "0"],
    ["两三", "23"],
    ["壹贰叁肆伍陆柒捌玖", "123456789"],
    ["兩貳參陸", "2236"],
    ["１２３４", "1234"],
    ["1234", "1234"],
    ["1 2 3 4", "1234"],
    ["一2三４", "1234"],
    ["二零二四", "2024"],
    ["一零", "10"],
  ];
  it.each(digitByDigit)("reads %s as %s", (text, digits) => {
    expect(normaliseSpokenDigits(text)).toBe(digits);
  });

  const placeWords: [string, string][] = [
    // 十 alone is ten: what a recogniser may write for 一零 run together.
    ["十", "10"],
    ["一十", "10"],
    ["十四", "14"],
    ["二十", "20"],
    ["三十四", "34"],
    ["一千二百三十四", "1234"],
    ["两千零二十四", "2024"],
    ["一千零五", "1005"],
    ["一千零五十", "1050"],
    ["九千九百九十九", "9999"],
    // Spoken short forms: the digit after a hundred or a thousand is the next place down.
    ["一千二", "1200"],
    ["两百五", "250"],
    ["壹仟贰佰叁拾肆", "1234"],
    ["3十4", "34"],
    // The cost of reading 十 as ten: 十 then a digit is a teen, so 一零二四 run together and
    // written 十二四 reads 124, not 1024 (matchDigits then fails, which is the safe side).
    ["十二四", "124"],
    ["一 千 二 百 三 十 四", "1234"],
  ];
  it.each(placeWords)("reads %s as %s", (text, digits) => {
    expect(normaliseSpokenDigits(text)).toBe(digits);
  });

  const mixed: [string, string][] = [
    // A digit followed by a digit is read alone; the last before a place word starts a number.
    ["一二三十四", "1234"],
    ["三十四五", "345"],
    ["一二 三十四", "1234"],
    // Places only go down: a second 十 starts a new number.
    ["十十", "1010"],
    ["十二十", "1210"],
    // 零 before any place word is a digit of its own.
    ["零十", "010"],
  ];
  it.each(mixed)("reads %s as %s", (text, digits) => {
    expect(normaliseSpokenDigits(text)).toBe(digits);
  });

  it("drops filler, punctuation and words, and finds nothing in text without numerals", () => {
    expect(normaliseSpokenDigits("嗯，我的数字是：一、二、三、四！")).toBe("1234");
    expect(normaliseSpokenDigits("我同意")).toBe("");
    expect(normaliseSpokenDigits("")).toBe("");
  });

  it("breaks numbers at anything that is not a numeral, but not at whitespace", () => {
    expect(normaliseSpokenDigits("一千，二百")).toBe("1000200");
    expect(normaliseSpokenDigits("一千 二百")).toBe("1200");
  });
});

describe("matchDigits", () => {
  it("matches the issued digits however the recogniser wrote them", () => {
    for (const text of ["一二三四", "幺 二 三 四", "1234", "１２３４", "一千二百三十四", "一二三十四", "嗯，一、二、三、四。"]) {
      expect(matchDigits("1234", text), text).toEqual({ matched: true, heard: "1234" });
    }
    expect(matchDigits("1024", "一零二四").matched).toBe(true);
    expect(matchDigits("1024", "十二四").matched).toBe(false);
  });

  it("matches the digits among others, in order and together", () => {
    expect(matchDigits("1234", "我的数字：九，一二三四")).toEqual({ matched: true, heard: "91234" });
    // 一 in words (一下, 一个) reads as a digit too; digits around the code do not stop a match.
    expect(matchDigits("1234", "我读一下：一二三四")).toEqual({ matched: true, heard: "11234" });
    expect(matchDigits("1234", "一二三四一二三四").matched).toBe(true);
  });

  it("does not match digits missing, out of order, apart or different", () => {
    expect(matchDigits("1234", "一二三")).toEqual({ matched: false, heard: "123" });
    expect(matchDigits("1234", "一二四三")).toEqual({ matched: false, heard: "1243" });
    expect(matchDigits("1234", "一二五三四")).toEqual({ matched: false, heard: "12534" });
    expect(matchDigits("1234", "我同意")).toEqual({ matched: false, heard: "" });
    expect(matchDigits("0712", "七一二").matched).toBe(false);
  });

  it("refuses expected digits that are not ASCII digits", () => {
    expect(() => matchDigits("一二三四", "一二三四")).toThrow(RangeError);
    expect(() => matchDigits("", "一二三四")).toThrow(RangeError);
  });
});
