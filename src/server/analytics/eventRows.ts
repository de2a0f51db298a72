/**
 * Reports of the contract (schemas/analytics.ts) as rows of the analytics_events table.
 * Pure functions: the caller supplies the receive time.
 */
import type { AnalyticsEvent, BatchBody, CheckBody, MissingBody, SingleBody } from "../../../schemas/analytics";
import type { AnalyticsEventInput, JsonValue } from "../store/analyticsEvents";

type Envelope = Omit<BatchBody, "batch">;

/** When the service received the report, and when the browser says it posted it. */
export interface Delivery {
  receivedAt: number;
  postTime: number | null;
}

function eventRow(envelope: Envelope, event: AnalyticsEvent, delivery: Delivery): AnalyticsEventInput {
  const data: Record<string, JsonValue> = { ...event.data };
  return {
    kind: "event",
    name: event.name,
    appId: envelope.appId,
    orderNo: envelope.orderNo ?? null,
    openId: envelope.openId ?? null,
    // The event's own trace id wins: a buffered event may outlive the envelope's session.
    traceId: event.traceId,
    route: event.route ?? null,
    pageId: event.pageId ?? null,
    eventAt: event.at,
    data,
    receivedAt: delivery.receivedAt,
  };
}

export function batchRows(body: BatchBody, delivery: Delivery): AnalyticsEventInput[] {
  const { batch, ...envelope } = body;
  return batch.map((event) => eventRow(envelope, event, delivery));
}

export function singleRows(body: SingleBody, delivery: Delivery): AnalyticsEventInput[] {
  const { event, ...envelope } = body;
  return [eventRow(envelope, event, delivery)];
}

export function missingRow(body: MissingBody, delivery: Delivery): AnalyticsEventInput {
  return {
    kind: "missing",
    name: "missing",
    appId: body.appId,
    orderNo: null,
    openId: null,
    traceId: null,
    route: body.api,
    pageId: null,
    eventAt: body.timestamp,
    data: { ...body },
    receivedAt: delivery.receivedAt,
  };
}

export function checkRow(body: CheckBody, delivery: Delivery): AnalyticsEventInput {
  return {
    kind: "check",
    name: "check",
    appId: body.appId,
    orderNo: null,
    // The check's id is the stored order_no or openId or trace id; kept as reported.
    openId: body.id,
    traceId: body.traceId,
    route: null,
    pageId: null,
    eventAt: delivery.postTime,
    data: { ...body, queues: body.queues.map((q) => ({ ...q })) },
    receivedAt: delivery.receivedAt,
  };
}
