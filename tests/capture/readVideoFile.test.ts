import { describe, expect, it } from "vitest";
import { readVideoFile } from "../../src/capture/readVideoFile";
import { randomBytes, seededRandom } from "../media/fixtures";

/** A Blob whose contents cannot be read, like a File revoked or removed after it was picked. */
class UnreadableBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new DOMException("The requested file could not be read", "NotReadableError"));
  }
}

describe("readVideoFile", () => {
  it("reads a recording into base64 that decodes to the same bytes", async () => {
    // Larger than one encoding chunk, and not a multiple of 3, to cover chunk joins and padding.
    const bytes = randomBytes(seededRandom(9), 3 * 8192 * 2 + 5);
    const result = await readVideoFile(new Blob([new Uint8Array(bytes)], { type: "video/webm" }));
    if (!result.ok) throw new Error(result.detail);
    expect(Buffer.from(result.base64, "base64").equals(bytes)).toBe(true);
    expect(result.base64).toBe(bytes.toString("base64"));
    expect([result.bytes, result.type]).toEqual([bytes.length, "video/webm"]);
  });

  it("rejects a missing or empty file as noFile", async () => {
    expect(await readVideoFile(null)).toMatchObject({ ok: false, reason: "noFile" });
    expect(await readVideoFile(undefined)).toMatchObject({ ok: false, reason: "noFile" });
    expect(await readVideoFile(new Blob([]))).toMatchObject({ ok: false, reason: "noFile" });
  });

  it("rejects a file that cannot be read as readFailure", async () => {
    const result = await readVideoFile(new UnreadableBlob([new Uint8Array(10)]));
    expect(result).toMatchObject({ ok: false, reason: "readFailure", detail: expect.stringMatching(/NotReadableError/) });
  });

  it("rejects a failing or lossy encoder as serialisationFailure", async () => {
    const blob = new Blob([new Uint8Array(100)]);
    const throwing = await readVideoFile(blob, () => {
      throw new RangeError("Invalid string length");
    });
    expect(throwing).toMatchObject({ ok: false, reason: "serialisationFailure", detail: expect.stringMatching(/Invalid string length/) });
    const lossy = await readVideoFile(blob, () => "AAAA");
    expect(lossy).toMatchObject({ ok: false, reason: "serialisationFailure" });
  });
});
