/**
 * Reports of the contract (schemas/analytics.ts) as rows of the analytics_events table.
 * Pure functions: the caller supplies the receive time and who is reporting.
 *
 * The app id and order number stored are the authenticated session's (or analytics token's),
 * never the payload's: a report cannot file events under another app or order. The payload's
 * own appId and orderNo stay out of the row.
 */
import type { AnalyticsEvent, BatchBody, CheckBody, MissingBody, SingleBody } from "../../../schemas/analytics";
import type { AnalyticsEventInput, JsonValue } from "../store/analyticsEvents";

type Envelope = Omit<BatchBody, "batch">;

/** When the service received the report, when the browser says it posted it, and who sent it. */
export interface Delivery {
  receivedAt: number;
  postTime: number | null;
  /** From the session or analytics token that authenticated the request. */
  appId: string;
  orderNo: string;
}

function eventRow(envelope: Envelope, event: AnalyticsEvent, delivery: Delivery): AnalyticsEventInput {
  const data: Record<string, JsonValue> = { ...event.data };
  return {
    kind: "event",
    name: event.name,
    appId: delivery.appId,
    orderNo: delivery.orderNo,
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
  const { appId: _claimed, ...report } = body;
  return {
    kind: "missing",
    name: "missing",
    appId: delivery.appId,
    orderNo: delivery.orderNo,
    openId: null,
    traceId: null,
    route: body.api,
    pageId: null,
    eventAt: body.timestamp,
    data: { ...report },
    receivedAt: delivery.receivedAt,
  };
}

export function checkRow(body: CheckBody, delivery: Delivery): AnalyticsEventInput {
  const { appId: _claimed, ...report } = body;
  return {
    kind: "check",
    name: "check",
    appId: delivery.appId,
    orderNo: delivery.orderNo,
    // The check's id is the stored order_no or openId or trace id; kept as reported.
    openId: body.id,
    traceId: body.traceId,
    route: null,
    pageId: null,
    eventAt: delivery.postTime,
    data: { ...report, queues: report.queues.map((q) => ({ ...q })) },
    receivedAt: delivery.receivedAt,
  };
}
