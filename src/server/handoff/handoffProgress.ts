/**
 * Where a handoff stands, as the desktop shows it (schemas/handoff.ts HandoffState), worked out
 * from the store rather than reported by the phone: the handoff's row, the order's state and
 * the attempts the phone opened since it connected. A phone that says nothing cannot hold the
 * desktop on a step it never reached.
 */
import type { HandoffState, HandoffStatus } from "../../../schemas/handoff";
import type { ServiceContext } from "../context";
import type { HandoffRecord } from "../store/handoffs";
import type { OrderRecord } from "../store/orders";

export function isOrderOver(order: Pick<OrderRecord, "state">): boolean {
  return order.state === "passed" || order.state === "failed";
}

async function phoneStep(ctx: ServiceContext, handoff: HandoffRecord): Promise<HandoffState> {
  const since = handoff.openedAt ?? handoff.createdAt;
  const attempts = (await ctx.store.attempts.list(handoff.orderNo)).filter((a) => a.createdAt >= since && a.status === "pending");
  const latest = attempts[attempts.length - 1];
  if (latest === undefined) return "connected";
  // A pending attempt with a verification job is the service's to judge; without one the phone is still recording.
  return (await ctx.store.verifyJobs.get(latest.id)) === null ? "recording" : "verifying";
}

/** The desktop's view of `handoff` now. */
export async function handoffStatusOf(ctx: ServiceContext, handoff: HandoffRecord, order: OrderRecord): Promise<HandoffStatus> {
  const base = { id: handoff.id, expiresAt: new Date(handoff.expiresAt).toISOString() };
  const now = ctx.clock.now();
  if (handoff.state === "cancelled") return { ...base, state: "cancelled", result: null };
  if ((handoff.state === "opened" || handoff.state === "completed") && isOrderOver(order)) {
    return { ...base, state: "done", result: order.state === "passed" ? "passed" : "failed" };
  }
  if (handoff.state === "offered") return { ...base, state: handoff.expiresAt > now ? "waiting" : "expired", result: null };
  // Opened: the phone's session lives as long as a session does; once it ran out the phone is gone.
  const phone = handoff.phoneSession === null ? null : await ctx.store.sessions.get(handoff.phoneSession);
  if (phone === null || phone.expiresAt <= now) return { ...base, state: "expired", result: null };
  return { ...base, state: await phoneStep(ctx, handoff), result: null };
}
