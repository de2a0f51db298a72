/**
 * What `POST /api/v1/login` would answer a launch now, worked out without answering it: the
 * service renders a launch's first page from it (./launchPage.ts), and a GET must never use a
 * launch up (messaging apps fetch the links people send to preview them). The checks are the
 * login's own (../launch/inspectLaunch.ts); nothing is written.
 */
import type { FastifyRequest } from "fastify";
import { API_ERROR_CODES, loginRequestSchema } from "../../../schemas/api";
import type { LaunchLoginAnswer } from "../../../schemas/launchPage";
import { sessionOfRequest } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import { inspectLaunch, launchUsedError, signedParamsOf } from "../launch/inspectLaunch";
import { answerLanguage } from "../languages";
import { orderConfigOf } from "../orders/orderConfig";
import { parseLaunchToken } from "../signing/launch";

/**
 * The login's answer for the launch query `search` (the page URL's, as the page reads it), or
 * null when it cannot be told here: a launch a cookie-less login used (or one used before that
 * was kept), which may be this very browser reloading the page, its login in its own storage
 * and no session the service could know it by: the page then renders itself, as without this.
 */
export async function launchAnswer(ctx: ServiceContext, request: FastifyRequest, search: Record<string, string>): Promise<LaunchLoginAnswer | null> {
  // The page parses the query by the same schema and refuses a link that fails without asking.
  // A `cookieless` in the URL is not the launch's: the page puts its own in its place
  // (launchLogin.ts), so it is left out here, or a link carrying one would be rendered refused.
  const { cookieless: _inUrl, ...query } = search;
  const parsed = loginRequestSchema.safeParse(query);
  if (!parsed.success) return { kind: "refused", status: 400, code: API_ERROR_CODES.launchInvalid, message: "launch link invalid: the query does not parse" };
  const { cookieless: _pageOwn, ...fields } = parsed.data;
  const params = signedParamsOf(fields);
  const token = parseLaunchToken(parsed.data.sign);
  // A browser that logged in with this launch keeps its login in its storage: its page goes on
  // from there whatever the launch's state now, and so does this render.
  const current = await sessionOfRequest(ctx, request);
  let genuine: Awaited<ReturnType<typeof inspectLaunch>>;
  try {
    genuine = await inspectLaunch(ctx, parsed.data.sign, params);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (current !== null && token !== null && current.session.launchNonce === token.nonce) return null;
    return { kind: "refused", status: error.statusCode, code: error.code, message: error.message, ...(error.returnUrl !== undefined ? { returnUrl: error.returnUrl } : {}) };
  }
  const { launch, order } = genuine;
  const sameBrowser = current !== null && current.session.launchNonce === launch.nonce;
  if (launch.usedAt !== null && !sameBrowser) {
    // A browser that keeps cookies and used the launch would have sent its session: this is another.
    if (launch.usedCookieless !== false) return null;
    const used = launchUsedError(order);
    return { kind: "refused", status: used.statusCode, code: used.code, message: used.message, returnUrl: order.returnUrl };
  }
  const verified = await ctx.store.attempts.countVerified(order.orderNo);
  return {
    kind: "accepted",
    orderNo: order.orderNo,
    returnUrl: order.returnUrl,
    config: orderConfigOf(order, ctx.limits, verified, answerLanguage(ctx.languages, undefined, order.launchOptions.lang), ctx.trtc, ctx.checks),
  };
}
