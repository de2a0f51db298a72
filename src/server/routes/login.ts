/**
 * `POST /api/v1/login`: the browser hands over the launch parameters it was opened with.
 *
 * Checked in this order, so a tampered link always reads as "link invalid" (400101) even when
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
import { acceptedSecrets, activeApp } from "../apps";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { orderConfigOf } from "../orders/orderConfig";
import { answerLanguage } from "../languages";
import { refuseIfPurged } from "../orders/lockOpenOrder";
import { launchMacMatches, parseLaunchToken } from "../signing/launch";
import type { SessionRecord } from "../store/sessions";

const invalid = (why: string) => new HttpError(400, API_ERROR_CODES.launchInvalid, `launch link invalid: ${why}`);

/** The parsed launch parameters as the flat string record the signature was computed over. */
function paramsOf(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") out[key] = value;
  return out;
}

export function registerLoginRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  app.post("/api/v1/login", { preHandler: limiters.login }, async (request, reply) => {
    const body = parseOr400(loginRequestSchema, request.body, "launch parameters", API_ERROR_CODES.launchInvalid);
    const token = parseLaunchToken(body.sign);
    if (token === null) throw invalid("malformed sign");
    const launch = await ctx.store.launches.get(token.nonce);
    if (launch === null) throw invalid("unknown launch");
    const order = await ctx.store.orders.get(launch.orderNo);
    // A disabled app's links no longer log in (apps.ts); during a secret rotation, links signed
    // with the previous secret still do until its end.
    const appRecord = order ? await activeApp(ctx.store, order.appId) : null;
    if (order === null || appRecord === null) throw invalid("unknown order or disabled app");
    // `cookieless` is the page's own request, not a launch parameter: the partner never signed it.
    const { cookieless, ...launchFields } = body;
    const params = paramsOf(launchFields);
    const signed = acceptedSecrets(appRecord, ctx.clock.now()).some((secret) => launchMacMatches(secret, params, token));
    if (!signed || params.order_no !== order.orderNo) {
      throw invalid("signature does not match the parameters");
    }
    // From here on the launch is genuine: refusals carry the order's return address so the
    // user can still go back to the partner (spec §8 exitException: "quit if url known").
    const genuine = { returnUrl: order.returnUrl };
    const now = ctx.clock.now();
    // The partner holds the secret, so it could sign the same nonce with any expiry: the one
    // the service stored when it issued the launch (60 s to a day) is the one that counts.
    if (token.expiresAtSec * 1000 !== launch.expiresAt) throw invalid("the expiry is not the one the launch was issued with");
    if (launch.expiresAt <= now) {
      throw new HttpError(410, API_ERROR_CODES.launchExpired, "the launch link has expired", genuine);
    }
    if (order.state === "passed" || order.state === "failed") {
      throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished", genuine);
    }
    refuseIfPurged(order, genuine);

    const current = await sessionOfRequest(ctx, request);
    let session: SessionRecord;
    let sessionToken: string | undefined;
    if (current !== null && current.session.launchNonce === launch.nonce) {
      session = current.session;
    } else {
      const created = newSession(ctx, order.orderNo, launch.nonce);
      // markUsed is one conditional UPDATE, so of two instances given the same launch at once one claims it.
      const claimed = await ctx.store.transaction(async (tx) => {
        if (!(await tx.launches.markUsed(launch.nonce, created.record.sessionHash, now))) return false;
        await tx.sessions.insert(created.record);
        await tx.orders.transition(order.orderNo, ["created"], "in_progress", now);
        return true;
      });
      if (!claimed) throw new HttpError(409, API_ERROR_CODES.launchUsed, "this launch link was already used", genuine);
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
