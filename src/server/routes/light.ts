/**
 * `GET /api/v1/light` (session required): the light challenge of a new attempt, in the modes
 * whose checks (flows/checks.json) include "light". Each call draws a fresh sequence (node:crypto)
 * and abandons an unfinished attempt, so a recording always answers the colours drawn last; in
 * number mode the sequence joins the digits' attempt (a new attempt with the same digits when
 * that one already had light). Draws per order are bounded (capture.json light.maxDraws): a
 * client must not draw until the sequence suits a prepared medium.
 */
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import type { LightResponse } from "../../../schemas/lightChallenge";
import { requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { drawLightChallenge } from "../light/drawLight";
import { lightModes } from "../light/lightModes";
import { durationRangeFor } from "../media/captureLimits";
import { lockOpenOrder } from "../orders/lockOpenOrder";
import type { ServerLimits } from "../limits";
import type { OrderRecord } from "../store/orders";

/** How long the sequence must last: the mode's longest recording plus the duration tolerance. */
export function lightCoverMs(limits: ServerLimits, order: Pick<OrderRecord, "liveType" | "actions" | "will">): number {
  const range = durationRangeFor(limits, { liveType: order.liveType, actions: order.actions, will: order.will !== null, light: true });
  return (range?.max ?? limits.verification.limits.maxDurationMs) + limits.durationMs.toleranceMs;
}

export function registerLightRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  app.get("/api/v1/light", { preHandler: limiters.session }, async (request): Promise<LightResponse> => {
    const { order } = await requireSession(ctx, request);
    if (!lightModes(ctx.checks, order.liveType, order.will !== null)) {
      throw new HttpError(409, API_ERROR_CODES.wrongMode, "this order's mode shows no light");
    }
    if (order.state === "passed" || order.state === "failed") {
      throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished");
    }
    const light = drawLightChallenge(lightCoverMs(ctx.limits, order));
    await ctx.store.transaction(async (tx) => {
      const now = ctx.clock.now();
      // Counted under the order's lock: draws asked for at once (on several instances) take turns.
      await lockOpenOrder(tx, order.orderNo);
      const attempts = await tx.attempts.list(order.orderNo);
      const drawn = attempts.filter((a) => a.light !== null).length;
      if (drawn >= ctx.limits.light.maxDraws) {
        throw new HttpError(429, API_ERROR_CODES.rateLimited, `no more light for this order (${drawn} drawn already)`);
      }
      let digits: string | null = null;
      if (order.liveType === "1") {
        // Number mode: the light joins the digits handed out last (GET /api/v1/digits before this).
        const pending = (await tx.attempts.latestPending(order.orderNo, "upload")) ?? null;
        if (pending === null || pending.digits === null || (await tx.verifyJobs.get(pending.id)) !== null) {
          throw new HttpError(409, API_ERROR_CODES.digitsRequired, "fetch digits (GET /api/v1/digits) before the light");
        }
        // Not onto the light's alternative route's attempt: that one is judged without light.
        if (pending.light === null && pending.liveType === null && (await tx.attempts.keepLight(pending.id, light))) return;
        digits = pending.digits;
      }
      await tx.attempts.abandonPending(order.orderNo, now);
      await tx.attempts.open(order.orderNo, "upload", digits, now, { light });
    });
    return { light };
  });
}
