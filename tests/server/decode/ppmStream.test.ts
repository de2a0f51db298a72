import { describe, expect, it } from "vitest";
import { createPpmStream, PpmFormatError, type PpmFrame } from "../../../src/server/media/decode/ppmStream";

/** A P6 image whose bytes count up from `seed`. */
function ppm(width: number, height: number, seed: number, header = `P6\n${width} ${height}\n255\n`): { bytes: Buffer; rgb: Uint8Array } {
  const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => (seed + i) % 256);
  return { bytes: Buffer.concat([Buffer.from(header, "latin1"), rgb]), rgb };
}

function collect() {
  const frames: PpmFrame[] = [];
  const stream = createPpmStream({ onFrame: (f) => frames.push(f) });
  return { frames, stream };
}

describe("createPpmStream", () => {
  const images = [ppm(4, 3, 0), ppm(3, 4, 100), ppm(2, 2, 200, "P6 2\t2\r\n255 ")];
  const all = Buffer.concat(images.map((i) => i.bytes));

  it("reads frames of changing sizes, whatever the chunk boundaries", () => {
    for (const size of [1, 2, 5, 13, 17, all.length]) {
      const { frames, stream } = collect();
      for (let at = 0; at < all.length; at += size) stream.push(all.subarray(at, at + size));
      stream.end();
      expect(frames.map((f) => [f.width, f.height])).toEqual([[4, 3], [3, 4], [2, 2]]);
      frames.forEach((f, i) => expect(f.rgb).toEqual(images[i]?.rgb));
    }
  });

  it("asks before buffering a frame, and stops at a refusal", () => {
    const seen: number[] = [];
    const stream = createPpmStream({
      onHeader: (w, h, index) => {
        seen.push(index);
        if (w * h > 10) throw new Error(`frame ${index} too big`);
      },
      onFrame: () => {},
    });
    expect(() => stream.push(Buffer.concat([ppm(3, 3, 0).bytes, ppm(4, 4, 0).bytes]))).toThrow("frame 1 too big");
    expect(seen).toEqual([0, 1]);
  });

  it("refuses what is not a P6 stream", () => {
    expect(() => collect().stream.push(Buffer.from("P5\n2 2\n255\n"))).toThrow(PpmFormatError);
    expect(() => collect().stream.push(Buffer.from("P6\n2 2\n65535\n"))).toThrow(/maxval 65535/);
    expect(() => collect().stream.push(Buffer.from("P6\n0 2\n255\n"))).toThrow(/0x2/);
    expect(() => collect().stream.push(Buffer.from(`P6\n${" ".repeat(40)}2 2\n255\n`))).toThrow(/no complete header/);
  });

  it("says so when the stream ends inside a frame", () => {
    const { stream, frames } = collect();
    const one = ppm(4, 3, 0).bytes;
    stream.push(Buffer.concat([one, one.subarray(0, 20)]));
    expect(frames).toHaveLength(1);
    expect(() => stream.end()).toThrow("the stream ended inside frame 1");
  });
});
