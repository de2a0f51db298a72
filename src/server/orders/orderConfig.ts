/**
 * The order as the browser flow needs it (`GET /api/v1/config`): mode switches, the check to
 * perform, limits and counts. Nothing secret: no app secret, no return-URL signing material.
 */
import type { OrderConfig } from "../../../schemas/api";
import { uploadLimitsFor, type ServerLimits } from "../limits";
import type { OrderRecord } from "../store/orders";

/** Corp name on the agreement pages when the partner gives none. */
const DEFAULT_PROTOCOL_CORP_NAME = "faceflow";

export function orderConfigOf(order: OrderRecord, limits: ServerLimits, attemptsUsed: number): OrderConfig {
  const o = order.launchOptions;
  const kind = order.liveType === "1" ? "number" : order.liveType === "2" ? "action" : "silent";
  return {
    orderNo: order.orderNo,
    appId: order.appId,
    h5faceId: order.h5FaceId,
    state: order.state,
    liveType: order.liveType,
    actions: order.actions,
    will: order.will ? { question: order.will.question, willType: order.will.willType } : null,
    modes: { rtc: o.rtc_mode_switch === "1", ws: o.ws_mode_switch === "1", prioriMode: o.priori_mode_switch === "1" },
    theme: order.theme,
    splashPage: o.splash_page === "1" || order.will !== null,
    protocolCorpName: o.protocol_corp_name ?? DEFAULT_PROTOCOL_CORP_NAME,
    popupContext: o.popup_context ?? null,
    limits: uploadLimitsFor(limits, order),
    prePictures: { ...limits.prePictures[kind] },
    attempts: { max: order.maxAttempts, used: attemptsUsed, left: Math.max(0, order.maxAttempts - attemptsUsed) },
  };
}
