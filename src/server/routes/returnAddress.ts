/**
 * `POST /api/v1/return-url`: vouches for the return address of an unsigned launch (spec §3
 * `url`, §4 Finish). A signed launch's address comes from the login answer, bound to its
 * signature; an unsigned one is whatever the link carried, so before the page hands the result
 * to it, the service checks it the way it checks the address of a new order: http(s), no
 * credentials, an origin the logged-in order's partner app allows. Anything else is
 * RETURN_URL_NOT_ALLOWED, so a crafted link cannot carry the signed result to another site.
 */
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES, returnUrlCheckRequestSchema, type ReturnUrlCheckResponse } from "../../../schemas/api";
import { activeApp } from "../apps";
import { refusePhoneSession, requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { isReturnUrlAllowed } from "../orders/returnUrl";

export const RETURN_URL_CHECK_PATH = "/api/v1/return-url";

export function registerReturnAddressRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  app.post(RETURN_URL_CHECK_PATH, { preHandler: limiters.session }, async (request): Promise<ReturnUrlCheckResponse> => {
    const { order, session } = await requireSession(ctx, request);
    refusePhoneSession(session);
    const { url } = parseOr400(returnUrlCheckRequestSchema, request.body, "return address");
    const appRecord = await activeApp(ctx.store, order.appId);
    if (appRecord === null || !isReturnUrlAllowed(url, appRecord.allowedOrigins, ctx.publicOrigin())) {
      throw new HttpError(400, API_ERROR_CODES.returnUrlNotAllowed, `this return address is not allowed for app ${order.appId}`);
    }
    return { returnUrl: url };
  });
}
