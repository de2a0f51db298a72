/**
 * The single report's payload (spec §7: at most 8192 characters): the envelope and one
 * event. An event too long for the cap keeps its name and time and has its text values cut
 * ever shorter, so the report still says what happened.
 */
import type { AnalyticsEvent, EventValue, SingleBody } from "../../schemas/analytics";
import type { Envelope } from "./reporter";

const CUTS = [512, 128, 32, 0];

/** The JSON text of the single report for `event`, at most `maxChars` characters long. */
export function buildSinglePayload(envelope: Envelope, traceId: string, event: AnalyticsEvent, maxChars: number): string {
  const text = (data: Record<string, EventValue>) => JSON.stringify({ ...envelope, traceId, event: { ...event, data } } satisfies SingleBody);
  let payload = text(event.data);
  for (const cut of CUTS) {
    if (payload.length <= maxChars) return payload;
    const data: Record<string, EventValue> = { truncated: true };
    for (const [k, v] of Object.entries(event.data)) if (k !== "truncated") data[k] = typeof v === "string" ? v.slice(0, cut) : v;
    payload = text(data);
  }
  return payload.length <= maxChars ? payload : text({ truncated: true });
}
