/**
 * The EBML DocType reader (src/server/upload/matroskaDocType.ts) on headers as an attacker could
 * send them: a WebM and a Matroska header are told apart; a truncated header, a size running
 * past the bytes read and a file that is no EBML at all give null (refused as not WebM), never
 * a throw.
 */
import { describe, expect, it } from "vitest";
import { docTypeOf } from "../../../src/server/upload/matroskaDocType";

/** An EBML header holding EBMLVersion 1 and DocType `docType`. */
const header = (docType: string) => new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (4 + 2 + 1 + docType.length), 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length, ...new TextEncoder().encode(docType)]);

describe("the DocType of a Matroska-family file", () => {
  it("tells WebM from Matroska", () => {
    expect(docTypeOf(header("webm"))).toBe("webm");
    expect(docTypeOf(header("matroska"))).toBe("matroska");
  });

  it("gives null for a header cut short, a size past the end, or no EBML file", () => {
    const webm = header("webm");
    expect(docTypeOf(webm.subarray(0, webm.length - 2))).toBeNull();
    expect(docTypeOf(webm.subarray(0, 11))).toBeNull();
    const lying = Uint8Array.from(webm);
    lying[11] = 0x80 | 60;
    expect(docTypeOf(lying)).toBeNull();
    expect(docTypeOf(new TextEncoder().encode("\0\0\0 ftypisom"))).toBeNull();
    expect(docTypeOf(new Uint8Array())).toBeNull();
  });
});
