/**
 * Whether the file chooseVideo handed over can be read by the page itself. Some builds of
 * the messaging app (and its developer tools) answer with a blob: or data: URL, or a path
 * on the page's own origin; the usual answer is a `wxLocalResource://` id that only the app
 * can open, which the page can merely upload to the app's cloud with uploadVideo.
 */

/** The page-readable URL of the chosen video, or null when only the app can open it. */
export function readableVideoUrl(chosen: { localId?: string; tempFilePath?: string }, pageOrigin: string): string | null {
  for (const candidate of [chosen.tempFilePath, chosen.localId]) {
    if (!candidate) continue;
    if (candidate.startsWith("blob:") || candidate.startsWith("data:")) return candidate;
    try {
      const url = new URL(candidate, pageOrigin);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.origin === pageOrigin) return url.toString();
    } catch {
      // Not a URL at all: an app-private id.
    }
  }
  return null;
}

/** Fetch a page-readable video; null when the fetch fails or the answer is not a file. */
export async function fetchLocalVideo(fetchFn: typeof fetch, url: string): Promise<Blob | null> {
  try {
    const response = await fetchFn(url);
    if (!response.ok) return null;
    const blob = await response.blob();
    return blob.size > 0 ? blob : null;
  } catch {
    return null;
  }
}
