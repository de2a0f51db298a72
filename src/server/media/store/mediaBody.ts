/**
 * What both stores do with a put's body: read it as one stream, hash and count it on the
 * way through, and let go of a stream that will not be read.
 */
import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";

/** The body as a stream, so a Buffer and a stream go through the same pipeline. */
export function bodyStream(body: Buffer | Readable): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/**
 * Destroys a stream body that will not be read (a refused put), so its producer (an HTTP
 * request, a file) is released instead of waiting forever for a reader.
 */
export function discardBody(body: Buffer | Readable): void {
  if (!Buffer.isBuffer(body)) body.destroy();
}

interface Sha256Meter {
  /** Pass-through stream to pipe the body through. */
  stream: Transform;
  /** The hash and length of everything that went through; call once the stream has ended. */
  result(): { sha256: string; bytes: number };
}

/** Hashes and counts bytes as they flow, so a body is never held whole in memory to hash it. */
export function createSha256Meter(): Sha256Meter {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest("hex"), bytes }) };
}
