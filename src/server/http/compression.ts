/**
 * Compression of the service's answers on the fly (issue 14). The browser app's files are
 * compressed once at build time (scripts/build/compress.mjs) and served precompressed by
 * staticApp.ts; what is left is the API's JSON, compressed here when it is over 1 KB, with
 * brotli at quality 4 (quality 11 costs far more CPU than it saves bytes on small answers).
 * Request bodies are not decompressed here: the analytics ingest inflates its own gzip
 * batches with its own bounds (analytics/decodeBody.ts), and nothing else accepts them.
 */
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** JSON, text, JavaScript, CSS and SVG; not media, models or anything already compressed. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|javascript|[+/]svg/;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ["br", "gzip"],
    customTypes: COMPRESSIBLE,
  });
}
