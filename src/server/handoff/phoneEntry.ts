/**
 * A phone opening a handoff (issue 32), by its link or its short code: the handoff is claimed
 * for a new session of the same order (single use, one conditional UPDATE), the phone gets its
 * cookies, and it is sent to its start page with the order's launch parameters but never the
 * return address or the launch's signature. Every refusal names its error screen.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorStatus } from "../../../schemas/errors";
import { newSession, sessionOfRequest, setSessionCookies } from "../auth/session";
import type { ServiceContext } from "../context";
import { launchParamsOf } from "../orders/launch";
import type { HandoffRecord } from "../store/handoffs";
import type { OrderRecord } from "../store/orders";
import type { RecordHandoffStep } from "./handoffEvents";
import { isOrderOver } from "./handoffProgress";

export type PhoneEntry = { ok: true; next: string } | { ok: false; status: Extract<ErrorStatus, "handoffUsed" | "handoffExpired"> };

/** Launch parameters the phone's page must not get: where the result goes, and what only the partner signed. */
const KEPT_FROM_PHONE: ReadonlySet<string> = new Set(["url", "sign", "phone_handoff"]);

/** The phone's start: the page's root with the order's launch parameters, less the return address. */
export function phoneStartPath(order: OrderRecord): string {
  const params = Object.entries(launchParamsOf(order)).filter(([key]) => !KEPT_FROM_PHONE.has(key));
  return `/?${new URLSearchParams(params).toString()}#/`;
}

/** Where a refused phone goes: the error screen of its status. */
export function phoneRefusalPath(status: Extract<ErrorStatus, "handoffUsed" | "handoffExpired">): string {
  return `/#/error?status=${status}`;
}

export async function enterPhone(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  handoff: HandoffRecord | null,
  recordStep: RecordHandoffStep,
): Promise<PhoneEntry> {
  if (handoff === null) return { ok: false, status: "handoffExpired" };
  const order = await ctx.store.orders.get(handoff.orderNo);
  if (order === null) return { ok: false, status: "handoffExpired" };
  if (handoff.state === "opened" || handoff.state === "completed") {
    // Another device is told the link was used, whatever became of the order since; the phone
    // that opened it, opening it again (a reload, the back button), goes on while the order is open.
    const current = await sessionOfRequest(ctx, request);
    if (current?.session.handoffId !== handoff.id) return { ok: false, status: "handoffUsed" };
  }
  if (isOrderOver(order) || order.mediaPurgedAt !== null) return { ok: false, status: "handoffExpired" };
  if (handoff.state === "opened" || handoff.state === "completed") return { ok: true, next: phoneStartPath(order) };
  const now = ctx.clock.now();
  const desktop = await ctx.store.sessions.get(handoff.desktopSession);
  if (handoff.state !== "offered" || handoff.expiresAt <= now || desktop === null || desktop.expiresAt <= now) return { ok: false, status: "handoffExpired" };
  const created = newSession(ctx, order.orderNo, desktop.launchNonce, handoff.id);
  // The phone's session lives no longer than the desktop's: the handoff is bound to it.
  created.record.expiresAt = Math.min(created.record.expiresAt, desktop.expiresAt);
  const claimed = await ctx.store.transaction(async (tx) => {
    if (!(await tx.handoffs.claim(handoff.id, created.record.sessionHash, now))) return false;
    await tx.sessions.insert(created.record);
    return true;
  });
  // Two devices at once: the other one claimed it first.
  if (!claimed) return { ok: false, status: "handoffUsed" };
  setSessionCookies(reply, created.token, order.orderNo, created.record.expiresAt, ctx.publicOrigin(), "phone");
  await recordStep(order, "opened");
  return { ok: true, next: phoneStartPath(order) };
}
