/**
 * Issuing a launch for an order: the launch parameters of spec §3 written from the order,
 * signed (signing/launch.ts), recorded with their single-use nonce, as a URL on the
 * service's own origin: `https://faceflow.example/?live_type=2&...&sign=1.<exp>.<nonce>.<mac>`.
 */
import type { LaunchResponse } from "../../../schemas/api";
import type { ServiceContext } from "../context";
import { randomHex } from "../runtime";
import { signLaunch } from "../signing/launch";
import type { OrderRecord } from "../store/orders";

/** The launch parameters of an order, as strings, empty ones left out. */
export function launchParamsOf(order: OrderRecord): Record<string, string> {
  const params: Record<string, string | undefined> = {
    ...order.launchOptions,
    // As asked: the page applies theme 02's rule itself (liveModeOf), as the service does.
    live_type: order.requestedLiveType,
    traditional_action: order.actions.length > 0 ? order.actions.join(",") : undefined,
    live_service: order.will ? "2" : undefined,
    will_type: order.will?.willType,
    theme: order.theme,
    url: order.returnUrl,
    wb_app_id: order.appId,
    order_no: order.orderNo,
    h5_face_id: order.h5FaceId,
    user_id: order.userId,
  };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") out[key] = value;
  return out;
}

/** Sign and record a new launch of `order` with the app's secret. */
export async function issueLaunch(ctx: ServiceContext, order: OrderRecord, secret: string, ttlSec: number): Promise<LaunchResponse> {
  const now = ctx.clock.now();
  const expiresAtSec = Math.floor(now / 1000) + ttlSec;
  const nonce = randomHex(ctx.randomBytes, 16);
  const params = launchParamsOf(order);
  const sign = signLaunch(secret, params, expiresAtSec, nonce);
  await ctx.store.launches.insert({ nonce, orderNo: order.orderNo, params, expiresAt: expiresAtSec * 1000, createdAt: now });
  const query = new URLSearchParams({ ...params, sign });
  return {
    orderNo: order.orderNo,
    h5_face_id: order.h5FaceId,
    launchUrl: `${ctx.publicOrigin()}/?${query.toString()}`,
    expiresAt: new Date(expiresAtSec * 1000).toISOString(),
  };
}
