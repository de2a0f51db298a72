/**
 * The batch report's body (schemas/analytics.ts BatchBody) of buffered entries: the envelope
 * and the events, each with the page's trace id where it was recorded before one was known.
 * Shared by the upload (reporter.ts) and the page-hide beacon (client.ts), which must send the
 * same shape.
 */
import type { BatchBody } from "../../schemas/analytics";
import type { EventBuffer } from "./eventBuffer";

export type Envelope = Omit<BatchBody, "batch" | "traceId">;
type BufferEntry = ReturnType<EventBuffer["peek"]>[number];

export const batchBodyOf = (envelope: Envelope, traceId: string, entries: readonly BufferEntry[]): BatchBody => ({
  ...envelope,
  traceId,
  batch: entries.map((e) => ({ ...e.event, traceId: e.event.traceId ?? traceId })),
});
