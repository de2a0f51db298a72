/**
 * `GET /api/v1/attempts/:attempt?waitMs=N`: the long poll the page follows an accepted
 * attempt with (schemas/api.ts attemptStateSchema). Answers at once when the attempt is
 * judged, or when its job is already past what the page last heard (the query's step and
 * progress); otherwise when its job changes step or moves its progress on (attemptWaiters.ts
 * PROGRESS_WAKE), is judged, or waitMs (capped by verification.jobs.maxWaitMs) passed. Only the
 * session's own order's attempts are visible.
 */
import type { FastifyInstance } from "fastify";
import * as z from "zod";
import { API_ERROR_CODES, attemptStateQuerySchema, type AttemptState } from "../../../schemas/api";
import { requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { attemptStateOf } from "../orders/attemptState";
import { PROGRESS_WAKE } from "../verify/attemptWaiters";

const paramsSchema = z.object({ attempt: z.coerce.number().int().min(1).max(1_000_000) });

export function registerAttemptRoutes(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  app.get("/api/v1/attempts/:attempt", { preHandler: limiters.session }, async (request, reply): Promise<AttemptState> => {
    const { order } = await requireSession(ctx, request);
    const { attempt: seq } = parseOr400(paramsSchema, request.params, "attempt");
    const query = parseOr400(attemptStateQuerySchema, request.query, "query");
    const waitMs = Math.min(query.waitMs ?? 0, ctx.limits.verification.jobs.maxWaitMs);
    const read = async (): Promise<AttemptState> => {
      const attempt = await ctx.store.attempts.bySeq(order.orderNo, seq);
      const state = attempt ? await attemptStateOf(ctx, attempt) : null;
      if (state === null) throw new HttpError(404, API_ERROR_CODES.attemptNotFound, `attempt ${seq} of this order has nothing to verify`);
      return state;
    };
    const first = await read();
    if (first.state === "judged" || waitMs === 0) return first;
    // The job moved on between the page's last answer and this poll (the upload's answer said
    // "queued", the job is decoding by now): waiting for the next change would hide this one.
    if (query.step !== undefined && (first.step !== query.step || first.progress - (query.progress ?? 0) >= PROGRESS_WAKE)) return first;
    const attemptId = (await ctx.store.attempts.bySeq(order.orderNo, seq))?.id ?? 0;
    // A client that goes away stops the wait (the response's close: the request's fires once its empty body is read).
    const gone = new Promise<void>((resolve) => reply.raw.once("close", () => resolve()));
    await Promise.race([
      ctx.verification.waitForChange(attemptId, waitMs, async () => (await ctx.store.attempts.get(attemptId))?.status !== "pending"),
      gone,
    ]);
    return read();
  });
}
