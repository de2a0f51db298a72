/**
 * The local buffer of spec §9: at most `maxEntries` events and `maxBytes` of JSON, persisted
 * on every change so a reload or a closed tab loses nothing that was not yet accepted.
 * Read back through its schema: a corrupt or foreign value counts as an empty buffer.
 *
 * When a new event would break a limit the oldest ones go: the newest events describe where
 * the user is now, which matters most when uploads keep failing. So the buffer does lose
 * events (a page that records more than 20 before its login, or while uploads fail); it counts
 * them, persisted beside the entries, until a missing-data report has said how many
 * (src/analytics/reporter.ts), so a reload before that report does not forget them either.
 */
import * as z from "zod/mini";
import { analyticsEventSchema } from "../../schemas/analyticsEvent";
import type { JsonValue, KycStorage } from "../session/storage";

/** An event as buffered: its trace id is filled in at upload time when it was not known yet. */
const bufferedEventSchema = z.extend(analyticsEventSchema, { traceId: z.optional(analyticsEventSchema.shape.traceId) });
type BufferedEvent = z.infer<typeof bufferedEventSchema>;

const entrySchema = z.strictObject({ id: z.string(), event: bufferedEventSchema });
type BufferEntry = z.infer<typeof entrySchema>;
const storedSchema = z.array(entrySchema);
const droppedSchema = z.int().check(z.nonnegative());

/** Where the buffer persists: the launch's kyc storage satisfies it. */
export type BufferStore = Pick<KycStorage, "getParsed" | "setJSON">;

export interface EventBuffer {
  /** Add an event; returns true when the buffer is now full and should be flushed. */
  add(event: BufferedEvent): boolean;
  /** The oldest `count` entries, without removing them. */
  peek(count: number): BufferEntry[];
  /** The oldest `count` entries no upload is carrying (what the page-hide beacon may send). */
  peekFree(count: number): BufferEntry[];
  /**
   * An upload is carrying these entries: until the returned release is called, peekFree leaves
   * them out, so the page-hide beacon does not send what a request in flight may still deliver
   * (the ingest does not deduplicate). In memory only: a reloaded page has no upload in flight.
   */
  carry(ids: readonly string[]): () => void;
  /** Remove the entries with these ids (those an upload got accepted). */
  remove(ids: readonly string[]): void;
  size(): number;
  /** UTF-8 bytes of the buffered JSON. */
  bytes(): number;
  /** Events dropped to keep the limits and not yet counted by an accepted missing-data report. */
  dropped(): number;
  /** A missing-data report counting `count` dropped events was accepted: they leave the count. */
  dropsReported(count: number): void;
}

interface EventBufferOptions {
  store: BufferStore;
  key: string;
  maxEntries: number;
  maxBytes: number;
  /** Prefix of entry ids, unique per page load (entries of earlier pages keep theirs). */
  idPrefix: string;
}

/** Share of maxBytes at which the buffer counts as full, leaving room for events recorded during the upload. */
const FULL_BYTES_SHARE = 0.9;

const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

export function createEventBuffer(options: EventBufferOptions): EventBuffer {
  const { store, key, maxEntries, maxBytes, idPrefix } = options;
  const droppedKey = `${key}Dropped`;
  let entries: BufferEntry[] = store.getParsed(key, storedSchema) ?? [];
  let seq = 0;
  let droppedCount = store.getParsed(droppedKey, droppedSchema) ?? 0;
  let byteCount = 0;
  const carried = new Set<string>();

  function measure(): void {
    byteCount = utf8Length(JSON.stringify(entries));
  }

  function enforceLimits(): void {
    measure();
    const before = droppedCount;
    while (entries.length > 0 && (entries.length > maxEntries || byteCount > maxBytes)) {
      entries.shift();
      droppedCount++;
      measure();
    }
    if (droppedCount !== before) store.setJSON(droppedKey, droppedCount);
  }

  function persist(): void {
    // Entries are plain JSON by construction (parsed by their schema or built from capped
    // data); the cast only bridges optional fields, which JSON.stringify leaves out.
    store.setJSON(key, entries as unknown as JsonValue);
  }

  enforceLimits();

  return {
    add(event) {
      entries.push({ id: `${idPrefix}${seq++}`, event });
      enforceLimits();
      persist();
      return entries.length >= maxEntries || byteCount >= maxBytes * FULL_BYTES_SHARE;
    },
    peek: (count) => entries.slice(0, count),
    peekFree: (count) => entries.filter((e) => !carried.has(e.id)).slice(0, count),
    carry(ids) {
      ids.forEach((id) => carried.add(id));
      return () => ids.forEach((id) => carried.delete(id));
    },
    remove(ids) {
      const gone = new Set(ids);
      const before = entries.length;
      entries = entries.filter((e) => !gone.has(e.id));
      if (entries.length === before) return;
      measure();
      persist();
    },
    size: () => entries.length,
    bytes: () => byteCount,
    dropped: () => droppedCount,
    dropsReported(count) {
      droppedCount = Math.max(0, droppedCount - count);
      store.setJSON(droppedKey, droppedCount);
    },
  };
}
