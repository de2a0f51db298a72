/**
 * The order as the browser flow needs it (`GET /api/v1/config`): mode switches, the check to
 * perform, limits and counts. Nothing secret: no app secret, no return-URL signing material.
 */
import type { OrderConfig } from "../../../schemas/api";
import type { ChecksFile } from "../../../schemas/checks";
import { lightAlternative, lightModes } from "../light/lightModes";
import { uploadLimitsFor, type ServerLimits } from "../limits";
import type { OrderRecord } from "../store/orders";
import type { TrtcIssuer } from "../trtc/trtcConfig";
import { willQuestionIn } from "./willQuestion";

/** Corp name on the agreement pages when the partner gives none. */
const DEFAULT_PROTOCOL_CORP_NAME = "faceflow";

/**
 * `lang`: the page's language (a listed tag), which the will question is given in.
 * `trtc`: the room-ticket issuer when the service has TRTC credentials (src/server/trtc/).
 * `checks`: flows/checks.json as the service read it, which says whether the order shows light.
 */
export function orderConfigOf(order: OrderRecord, limits: ServerLimits, attemptsUsed: number, lang: string, trtc: TrtcIssuer | null, checks: ChecksFile): OrderConfig {
  const o = order.launchOptions;
  const rtc = o.rtc_mode_switch === "1";
  const kind = order.liveType === "1" ? "number" : order.liveType === "2" ? "action" : "silent";
  return {
    orderNo: order.orderNo,
    appId: order.appId,
    h5faceId: order.h5FaceId,
    state: order.state,
    liveType: order.liveType,
    actions: order.actions,
    will: order.will ? { question: willQuestionIn(order.will, lang), willType: order.will.willType } : null,
    modes: { rtc, ws: o.ws_mode_switch === "1", prioriMode: o.priori_mode_switch === "1" },
    // A ticket only for an unfinished order that asked for real-time video: a UserSig is a credential.
    trtc: rtc && trtc !== null && (order.state === "created" || order.state === "in_progress") ? trtc.issue(order.orderNo) : null,
    theme: order.theme,
    splashPage: o.splash_page === "1" || order.will !== null,
    protocolCorpName: o.protocol_corp_name ?? DEFAULT_PROTOCOL_CORP_NAME,
    popupContext: o.popup_context ?? null,
    // The light's window: the page shows the light unless its user opts out (number mode then, its own window).
    limits: uploadLimitsFor(limits, order, lightModes(checks, order.liveType, order.will !== null)),
    prePictures: { ...limits.prePictures[kind] },
    attempts: { max: order.maxAttempts, used: attemptsUsed, left: Math.max(0, order.maxAttempts - attemptsUsed) },
    guidance: order.guidance,
    light: {
      required: lightModes(checks, order.liveType, order.will !== null),
      alternative: lightAlternative(checks, limits.light, order.liveType, order.will !== null),
    },
  };
}
