/**
 * Gzip of the batch body (spec §7 "gzip-compressed"): the browser's CompressionStream when it
 * has one, otherwise pako's deflate build loaded on first use, so neither costs the first
 * screen anything.
 */

interface PakoDeflate {
  gzip(data: Uint8Array | string): Uint8Array;
}

interface GzipDeps {
  /** The CompressionStream constructor, or undefined where the browser lacks it (Safari < 16.4). */
  compressionStream: typeof CompressionStream | undefined;
  loadPako: () => Promise<PakoDeflate>;
}

/** The gzip bytes of `text` as UTF-8. */
export async function gzipText(text: string, deps: GzipDeps): Promise<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  if (deps.compressionStream) {
    const stream = new Blob([bytes]).stream().pipeThrough(new deps.compressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const pako = await deps.loadPako();
  return pako.gzip(bytes);
}

/** The browser's dependencies: its own CompressionStream, pako as the lazily loaded fallback. */
export const browserGzipDeps = (): GzipDeps => ({
  compressionStream: typeof CompressionStream === "function" ? CompressionStream : undefined,
  loadPako: () => import("pako/browser/deflate"),
});
