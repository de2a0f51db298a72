/**
 * The face files' download, once a page (issue 35): the start page begins it while the user
 * reads (prefetchGuidance.ts) and the recording page joins it, showing how far it has got
 * instead of a bare "starting…". Each body is read as a stream, counting its bytes as they
 * arrive, to its end, which puts the file in the HTTP cache (they are immutable): the face
 * worker, started once they are in, finds them there.
 *
 * One download serves the whole page, so it lives in the page's runtime
 * (FlowRuntime.faceDownload), not in module state: the start page's chunk and the recording
 * page's chunk each carry their own copy of this module.
 */
import { shownPercent, type FileProgress } from "./downloadProgress";
import type { FaceFile } from "./faceAssets";

/** Two at a time: enough to fill a slow link, leaving a connection for the page's own requests. */
const PARALLEL = 2;

type Fetch = (url: string) => Promise<Response>;

export interface FaceDownload {
  /**
   * Fetches those of `files` not arrived nor under way (one that failed is tried again), after
   * those already queued; resolves once each of them has arrived or failed, with how many failed.
   */
  fetch(files: readonly FaceFile[]): Promise<{ failed: number }>;
  /** The percent of `files` arrived (downloadProgress.ts shownPercent); files never asked for count as not begun. */
  percent(files: readonly FaceFile[]): number;
  /** Called each time bytes arrive or a file ends; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Where the page keeps its one download (FlowRuntime.faceDownload). */
export interface FaceDownloadSlot {
  current: FaceDownload | null;
}

interface Entry extends FileProgress {
  url: string;
  ended: Promise<void>;
  end(): void;
}

export function createFaceDownload(fetch: Fetch): FaceDownload {
  const entries = new Map<string, Entry>();
  const queue: Entry[] = [];
  const listeners = new Set<() => void>();
  let running = 0;
  const notify = () => listeners.forEach((listener) => listener());

  async function read(entry: Entry): Promise<void> {
    entry.state = "loading";
    const response = await fetch(entry.url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    if (response.body === null) {
      entry.received = (await response.arrayBuffer()).byteLength;
      return;
    }
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      entry.received += chunk.value.byteLength;
      notify();
    }
  }

  function pump(): void {
    while (running < PARALLEL && queue.length > 0) {
      const entry = queue.shift()!;
      running += 1;
      read(entry).then(
        () => (entry.state = "arrived"),
        () => (entry.state = "failed"),
      ).finally(() => {
        running -= 1;
        entry.end();
        notify();
        pump();
      });
    }
  }

  function entryFor(file: FaceFile): Entry {
    const known = entries.get(file.url);
    if (known && known.state !== "failed") return known;
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const entry: Entry = { url: file.url, bytes: file.bytes, wire: file.wire, received: 0, state: "queued", ended, end };
    entries.set(file.url, entry);
    queue.push(entry);
    return entry;
  }

  return {
    async fetch(files) {
      const wanted = files.map(entryFor);
      pump();
      await Promise.all(wanted.map((entry) => entry.ended));
      return { failed: wanted.filter((entry) => entry.state === "failed").length };
    },
    percent(files) {
      return shownPercent(files.map((file) => entries.get(file.url) ?? { ...file, received: 0, state: "queued" }));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's download, made on first use. */
export function pageFaceDownload(slot: FaceDownloadSlot, fetch: Fetch): FaceDownload {
  return (slot.current ??= createFaceDownload(fetch));
}
