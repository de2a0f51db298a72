/**
 * Who is reporting: the analytics ingest stores events only for a launch session (the
 * session cookie or session header the rest of the API uses) or a valid analytics token (the
 * x-analytics-token header, or the `t` query parameter of beacons, which cannot send
 * headers). Anything else is refused with 401 before the body is read any further.
 *
 * The token is checked first: it costs one HMAC and no database read, and it is what the
 * page's client sends on every report.
 */
import type { FastifyRequest } from "fastify";
import { ANALYTICS_TOKEN_HEADER } from "../../../schemas/analyticsToken";
import { ingestQuerySchema } from "../../../schemas/analytics";
import { API_ERROR_CODES } from "../../../schemas/api";
import { sessionOfRequest } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import { sessionRefOf, type AnalyticsIdentity, type AnalyticsTokens } from "./analyticsToken";

const refused = () =>
  new HttpError(401, API_ERROR_CODES.sessionInvalid, "analytics reports need a launch session or a valid analytics token (from the login answer)");

/** The identity of an ingest request, or 401. */
export async function ingestIdentity(ctx: ServiceContext, tokens: AnalyticsTokens, request: FastifyRequest): Promise<AnalyticsIdentity> {
  const header = request.headers[ANALYTICS_TOKEN_HEADER];
  const token = typeof header === "string" ? header : parseOr400(ingestQuerySchema, request.query ?? {}, "analytics query").t;
  if (token !== undefined) {
    // A token that is present but bad is refused even with a cookie: the client sent it on purpose.
    const identity = await tokens.verify(token);
    if (identity === null) throw refused();
    return identity;
  }
  const active = await sessionOfRequest(ctx, request);
  if (active === null) throw refused();
  return { appId: active.order.appId, orderNo: active.order.orderNo, sessionRef: sessionRefOf(active.session.sessionHash) };
}
