/**
 * Front-end reads of the logged-in order: `GET /api/v1/config`, `GET /api/v1/digits`,
 * `GET /api/v1/result`. All need the session cookie (401 SESSION_INVALID otherwise).
 */
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES, digitsQuerySchema, orderConfigQuerySchema, type DigitsResponse, type OrderConfig, type ResultResponse } from "../../../schemas/api";
import { refusePhoneSession, requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import { answerLanguage, requireListedLanguage } from "../languages";
import type { RateLimitHooks } from "../http/security";
import { orderConfigOf } from "../orders/orderConfig";
import { withCurrentSignatures } from "../orders/resultPayload";
import { randomDigits } from "../runtime";
import { lockOpenOrder } from "../orders/lockOpenOrder";
import { lightAlternative } from "../light/lightModes";

/** Spoken digits in number mode (the original product reads four). */
const DIGIT_COUNT = 4;

export function registerSessionRoutes(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  const preHandler = limiters.session;

  app.get("/api/v1/config", { preHandler }, async (request): Promise<OrderConfig> => {
    // The page names the language it shows, so the partner's texts (the will question) match it.
    const { lang } = parseOr400(orderConfigQuerySchema, request.query, "query", API_ERROR_CODES.langUnknown);
    if (lang !== undefined) requireListedLanguage(ctx.languages, lang, "lang");
    const { order } = await requireSession(ctx, request);
    const used = await ctx.store.attempts.countVerified(order.orderNo);
    return orderConfigOf(order, ctx.limits, used, answerLanguage(ctx.languages, lang, order.launchOptions.lang), ctx.trtc, ctx.checks);
  });

  // Each call opens a new attempt with fresh digits and abandons an unfinished one, so a
  // recording always answers the digits shown last. `route=lightAlternative`: a light mode's
  // order taken in number mode by a user who must not see flashing light; the attempt records
  // that it is judged in number mode (its checks, its verdict), never passed without a check.
  app.get("/api/v1/digits", { preHandler }, async (request): Promise<DigitsResponse> => {
    const { route } = parseOr400(digitsQuerySchema, request.query, "query");
    const { order } = await requireSession(ctx, request);
    let judgedAs: "1" | null = null;
    if (route === "lightAlternative") {
      judgedAs = lightAlternative(ctx.checks, ctx.limits.light, order.liveType, order.will !== null);
      if (judgedAs === null) throw new HttpError(409, API_ERROR_CODES.wrongMode, "this order's mode has no alternative to the light");
    } else if (order.liveType !== "1") {
      throw new HttpError(409, API_ERROR_CODES.wrongMode, "digits exist only in number mode (live_type 1)");
    }
    if (order.state === "passed" || order.state === "failed") {
      throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished");
    }
    const digits = randomDigits(ctx.randomBytes, DIGIT_COUNT);
    await ctx.store.transaction(async (tx) => {
      const now = ctx.clock.now();
      // Counted under the order's lock: draws asked for at once (on several instances) take turns.
      await lockOpenOrder(tx, order.orderNo);
      const drawn = (await tx.attempts.list(order.orderNo)).filter((a) => a.digits !== null).length;
      if (drawn >= ctx.limits.verification.maxDigitDraws) {
        throw new HttpError(429, API_ERROR_CODES.rateLimited, `no more digits for this order (${drawn} drawn already)`);
      }
      await tx.attempts.abandonPending(order.orderNo, now);
      await tx.attempts.open(order.orderNo, "upload", digits, now, { liveType: judgedAs });
    });
    return { digits };
  });

  app.get("/api/v1/result", { preHandler }, async (request): Promise<ResultResponse> => {
    const { order, session } = await requireSession(ctx, request);
    // A phone of a handoff (issue 32) gets neither the return address nor the signed result: the computer finishes.
    refusePhoneSession(session);
    const result = await ctx.store.results.get(order.orderNo);
    if (result === null) throw new HttpError(409, API_ERROR_CODES.resultPending, "the verification has no result yet");
    const appRecord = await ctx.store.apps.get(order.appId);
    if (appRecord === null) throw new Error(`order ${order.orderNo}: its app ${order.appId} is missing from the store`);
    return {
      orderNo: order.orderNo,
      state: result.passed ? "passed" : "failed",
      returnUrl: order.returnUrl,
      redirectType: order.launchOptions.redirect_type ?? null,
      payload: withCurrentSignatures(result.payload, appRecord),
    };
  });
}
