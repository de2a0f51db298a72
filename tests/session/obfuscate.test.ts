import { describe, expect, it } from "vitest";
import { deobfuscate, digest, obfuscate } from "../../src/session/obfuscate";

const SECRET = "h5face-0001";

describe("obfuscate", () => {
  it.each([
    ["empty", ""],
    ["ascii", "https://partner.example.com/return?x=1&y=2"],
    ["Chinese", "张三的人脸核身结果：通过"],
    ["emoji incl. ZWJ sequences", "👩‍👩‍👧 家庭 🎉🇨🇳"],
    ["leading byte-order mark", "\uFEFFstarts with a BOM"],
    ["control characters", "a\u0000b\nc\u2028d"],
  ])("round-trips %s", (_label, text) => {
    expect(deobfuscate(obfuscate(text, SECRET), SECRET)).toBe(text);
  });

  it("round-trips a value larger than one encoding chunk", () => {
    const text = "视频".repeat(40_000);
    expect(deobfuscate(obfuscate(text, SECRET), SECRET)).toBe(text);
  });

  it("is not readable as plain base64 of the text", () => {
    for (const text of ["https://partner.example.com/return", "张三的人脸核身结果"]) {
      const encoded = obfuscate(text, SECRET);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(encoded).not.toContain(text);
      expect(Buffer.from(encoded, "base64url").toString("utf8")).not.toContain(text.slice(0, 6));
    }
  });

  it("depends on the secret", () => {
    const text = "同一个值 same value";
    expect(obfuscate(text, "scope-a")).not.toBe(obfuscate(text, "scope-b"));
    expect(deobfuscate(obfuscate(text, "scope-a"), "scope-b")).not.toBe(text);
  });

  it("rejects text that cannot have come from obfuscate", () => {
    expect(deobfuscate("not base64url!", SECRET)).toBeUndefined();
    expect(deobfuscate("abcde", SECRET)).toBeUndefined(); // length 1 mod 4
  });

  it("digest is stable, short and differs between inputs", () => {
    expect(digest("order-1")).toBe(digest("order-1"));
    expect(digest("order-1")).not.toBe(digest("order-2"));
    expect(digest("order-1")).toMatch(/^[0-9a-z]{1,11}$/);
  });
});
