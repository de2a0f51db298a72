/**
 * The handoff's steps as analytics events (issue 32), recorded by the service where each step
 * happens, so staff see how many users need the phone and how many get through with it: the
 * dashboard counts them by step (analytics/dashboard/eventFacts.ts).
 */
import { HANDOFF_EVENT, type HandoffStep } from "../../../schemas/handoff";
import type { ServiceContext } from "../context";
import type { FactsOf } from "../store/analyticsEvents";
import type { OrderRecord } from "../store/orders";

export type RecordHandoffStep = (order: Pick<OrderRecord, "appId" | "orderNo">, step: HandoffStep) => Promise<void>;

export function createHandoffRecorder(ctx: ServiceContext, factsOf: FactsOf): RecordHandoffStep {
  return async (order, step) => {
    const now = ctx.clock.now();
    await ctx.store.analyticsEvents.insertMany(
      [{ kind: "event", name: HANDOFF_EVENT, appId: order.appId, orderNo: order.orderNo, openId: null, traceId: null, route: "service", pageId: null, eventAt: now, data: { step }, receivedAt: now }],
      factsOf,
    );
  };
}
