/**
 * What the analytics client sends on page hide (spec §7 beacon POST, batch report).
 *
 * Page hide allows no waiting, and gzip in the browser is asynchronous (CompressionStream, or
 * pako loaded on demand), so once the upload code has loaded (after the first screen) a gzip
 * batch of the buffer is kept ready, made again after every change. On hide that batch goes
 * to sendBeacon as it is when all its events are still buffered and its envelope unchanged: the
 * batch endpoint's gzip body, sent without a content type. The events recorded after it was
 * made (at least the stay time of the page being left, recorded on the hide itself) go beside
 * it as one plain JSON batch (text/plain). With `compress` off, or before anything was prepared,
 * the whole buffer goes as that plain batch. Where sendBeacon is missing or refuses, each event
 * goes as an image GET single report and stays buffered (nothing confirms it arrived).
 * Entries an upload is carrying (EventBuffer.carry) are left to it: its request may already be
 * on the way and the ingest does not deduplicate. They stay buffered (persisted) until it is
 * accepted, so a page that really closes meanwhile sends them from its next load of the launch.
 */
import type { AnalyticsFile } from "../../schemas/analytics";
import { batchBodyOf, type Envelope } from "./batchBody";
import type { EventBuffer } from "./eventBuffer";
import type { Reporter } from "./reporter";
import { buildSinglePayload } from "./singlePayload";
import type { AnalyticsTransport } from "./transport";

interface HideSenderOptions {
  buffer: EventBuffer;
  transport: AnalyticsTransport;
  /** The client's envelope, read when a batch is made (setOpenId changes it). */
  envelope: Envelope;
  limits: AnalyticsFile["limits"];
  compress: boolean;
  loadReporter: () => Promise<Reporter>;
  ensureTraceId: () => Promise<string>;
}

export interface HideSender {
  /** The upload code may load now (the first screen is up): start keeping the gzip batch. */
  warm(): void;
  /** The buffer or the envelope changed: make the gzip batch again (no-op before warm). */
  prepare(): void;
  /** Page hide: send what is buffered to these endpoint URLs (token included); accepted events leave the buffer. */
  send(urls: { batch: string; single: string }, traceId: string): void;
}

export function createHideSender(options: HideSenderOptions): HideSender {
  const { buffer, transport, envelope, limits } = options;
  let warmed = false;
  /** The gzip batch: the entries it holds and, to tell when it is stale, the envelope and trace id it was made under. */
  let prepared: { ids: readonly string[]; head: string; bytes: Uint8Array } | undefined;
  let preparing = false;
  let again = false;
  const headOf = (traceId: string) => JSON.stringify([envelope, traceId]);

  /** One at a time; a change while one runs makes it run again once it finished. */
  function prepare(): void {
    if (!options.compress || !warmed) return;
    if (preparing) {
      again = true;
      return;
    }
    preparing = true;
    void (async () => {
      do {
        again = false;
        const entries = buffer.peekFree(limits.bufferEntries);
        if (entries.length === 0) {
          prepared = undefined;
          continue;
        }
        const [reporter, traceId] = await Promise.all([options.loadReporter(), options.ensureTraceId()]);
        // The envelope as it is now: a change during the gzip makes the result stale, not wrong.
        const head = headOf(traceId);
        const bytes = await reporter.gzipBatch(batchBodyOf(envelope, traceId, entries));
        prepared = { ids: entries.map((e) => e.id), head, bytes };
      } while (again);
    })()
      .catch(() => (prepared = undefined))
      .finally(() => (preparing = false));
  }

  return {
    warm() {
      warmed = true;
      prepare();
    },
    prepare,
    send(urls, traceId) {
      const entries = buffer.peekFree(limits.bufferEntries);
      if (entries.length === 0) return;
      const held = new Set(entries.map((e) => e.id));
      const ready = prepared && prepared.head === headOf(traceId) && prepared.ids.every((id) => held.has(id)) ? prepared : undefined;
      const sent = new Set<string>();
      if (ready && transport.beacon(urls.batch, ready.bytes)) ready.ids.forEach((id) => sent.add(id));
      const rest = entries.filter((e) => !sent.has(e.id));
      if (rest.length > 0 && transport.beacon(urls.batch, JSON.stringify(batchBodyOf(envelope, traceId, rest)))) rest.forEach((e) => sent.add(e.id));
      for (const entry of entries) {
        if (sent.has(entry.id)) continue;
        // Without sendBeacon the image GET is the only way out, but nothing confirms it
        // arrived, so the event stays buffered: a possible duplicate beats a loss.
        const payload = buildSinglePayload(envelope, traceId, { ...entry.event, traceId: entry.event.traceId ?? traceId }, limits.payloadMaxChars);
        transport.image(`${urls.single}${urls.single.includes("?") ? "&" : "?"}d=${encodeURIComponent(payload)}`);
      }
      buffer.remove([...sent]);
      if (sent.size > 0) prepared = undefined;
    },
  };
}
