/**
 * `POST /api/v1/login`: the browser hands over the launch parameters it was opened with.
 *
 * Checked in this order (../launch/inspectLaunch.ts, shared with the service-rendered launch page), so a tampered link always reads as "link invalid" (400101) even when
 * it is also old or used: token well-formed, launch known, signature over every parameter,
 * the token's expiry the one issued (then expiry: LAUNCH_EXPIRED), order still open
 * (ORDER_FINISHED), single use (LAUNCH_USED). The same browser logging in again with the same
 * launch (a reload) gets its session back; any other browser is refused.
 *
 * The session token is in the answer only when the page asked for it (`cookieless`): a page
 * that keeps cookies never holds a bearer credential a script could read.
 */
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES, loginRequestSchema, type LoginResponse } from "../../../schemas/api";
import { analyticsTokenForSession } from "../analytics/analyticsToken";
import { newSession, sessionOfRequest, setSessionCookies } from "../auth/session";
import type { ServiceContext } from "../context";
import { parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { orderConfigOf } from "../orders/orderConfig";
import { answerLanguage } from "../languages";
import { inspectLaunch, launchUsedError, signedParamsOf } from "../launch/inspectLaunch";
import type { SessionRecord } from "../store/sessions";

export function registerLoginRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  app.post("/api/v1/login", { preHandler: limiters.login }, async (request, reply) => {
    const body = parseOr400(loginRequestSchema, request.body, "launch parameters", API_ERROR_CODES.launchInvalid);
    // `cookieless` is the page's own request, not a launch parameter: the partner never signed it.
    const { cookieless, ...launchFields } = body;
    const { launch, order } = await inspectLaunch(ctx, body.sign, signedParamsOf(launchFields));
    const now = ctx.clock.now();

    const current = await sessionOfRequest(ctx, request);
    let session: SessionRecord;
    let sessionToken: string | undefined;
    if (current !== null && current.session.launchNonce === launch.nonce) {
      session = current.session;
    } else {
      const created = newSession(ctx, order.orderNo, launch.nonce);
      // markUsed is one conditional UPDATE, so of two instances given the same launch at once one claims it.
      const claimed = await ctx.store.transaction(async (tx) => {
        if (!(await tx.launches.markUsed(launch.nonce, created.record.sessionHash, now, cookieless === true))) return false;
        await tx.sessions.insert(created.record);
        await tx.orders.transition(order.orderNo, ["created"], "in_progress", now);
        return true;
      });
      if (!claimed) throw launchUsedError(order);
      await ctx.store.sessions.deleteExpired(now);
      setSessionCookies(reply, created.token, order.orderNo, created.record.expiresAt, ctx.publicOrigin());
      session = created.record;
      sessionToken = created.token;
    }
    const fresh = (await ctx.store.orders.get(order.orderNo)) ?? order;
    const response: LoginResponse = {
      orderNo: order.orderNo,
      sessionExpiresAt: new Date(session.expiresAt).toISOString(),
      ...(sessionToken !== undefined && cookieless === true ? { sessionToken } : {}),
      returnUrl: order.returnUrl,
      // The login names no page language of its own (its `lang` is the launch's, signed): the
      // launch's, else the default; a page in another language asks GET /api/v1/config?lang=.
      config: orderConfigOf(fresh, ctx.limits, await ctx.store.attempts.countVerified(order.orderNo), answerLanguage(ctx.languages, undefined, order.launchOptions.lang), ctx.trtc, ctx.checks),
      // Analytics reports carry it where the session cannot go: beacons (no headers) of cookie-less browsers.
      analyticsToken: await analyticsTokenForSession(ctx, order, session),
    };
    return response;
  });
}
