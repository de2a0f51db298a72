/**
 * A launch's checks that need no claim, in the login's order (src/server/routes/login.ts): token
 * well-formed, launch known, app active, signature over every parameter and the order it names,
 * the expiry the one issued, then expiry, order still open, media not purged. Shared by the login,
 * which then claims the launch, and by the service-rendered launch page (src/server/ssr), which
 * must never use a launch up: a messaging app's link preview GETs the link before the user does.
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import { acceptedSecrets, activeApp } from "../apps";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import { refuseIfPurged } from "../orders/lockOpenOrder";
import { launchMacMatches, parseLaunchToken } from "../signing/launch";
import type { OrderRecord } from "../store/orders";
import type { LaunchRecord } from "../store/launches";

const invalid = (why: string) => new HttpError(400, API_ERROR_CODES.launchInvalid, `launch link invalid: ${why}`);

/** Parsed launch parameters as the flat string record the signature was computed over. */
export function signedParamsOf(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (typeof value === "string") out[key] = value;
  return out;
}

/** A launch whose signature held and which may still log in (unless another session used it). */
export interface GenuineLaunch {
  launch: LaunchRecord;
  order: OrderRecord;
}

/**
 * The launch of `params` (the link's flat query, `sign` included, as signed) if it may log in;
 * otherwise throws the login's HttpError. Reads only.
 */
export async function inspectLaunch(ctx: ServiceContext, sign: string, params: Record<string, string>): Promise<GenuineLaunch> {
  const token = parseLaunchToken(sign);
  if (token === null) throw invalid("malformed sign");
  const launch = await ctx.store.launches.get(token.nonce);
  if (launch === null) throw invalid("unknown launch");
  const order = await ctx.store.orders.get(launch.orderNo);
  // A disabled app's links no longer log in (apps.ts); during a secret rotation, links signed
  // with the previous secret still do until its end.
  const appRecord = order ? await activeApp(ctx.store, order.appId) : null;
  if (order === null || appRecord === null) throw invalid("unknown order or disabled app");
  const signed = acceptedSecrets(appRecord, ctx.clock.now()).some((secret) => launchMacMatches(secret, params, token));
  if (!signed || params.order_no !== order.orderNo) throw invalid("signature does not match the parameters");
  // From here on the launch is genuine: refusals carry the order's return address so the
  // user can still go back to the partner (spec §8 exitException: "quit if url known").
  const genuine = { returnUrl: order.returnUrl };
  // The partner holds the secret, so it could sign the same nonce with any expiry: the one
  // the service stored when it issued the launch (60 s to a day) is the one that counts.
  if (token.expiresAtSec * 1000 !== launch.expiresAt) throw invalid("the expiry is not the one the launch was issued with");
  if (launch.expiresAt <= ctx.clock.now()) throw new HttpError(410, API_ERROR_CODES.launchExpired, "the launch link has expired", genuine);
  if (order.state === "passed" || order.state === "failed") {
    throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished", genuine);
  }
  refuseIfPurged(order, genuine);
  return { launch, order };
}

/** The login's refusal of a launch another session has used. */
export function launchUsedError(order: Pick<OrderRecord, "returnUrl">): HttpError {
  return new HttpError(409, API_ERROR_CODES.launchUsed, "this launch link was already used", { returnUrl: order.returnUrl });
}
