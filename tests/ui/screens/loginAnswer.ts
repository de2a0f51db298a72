/** A launch's sign and the service's answer to its login, shared by the login tests. */
import type { LoginResponse } from "../../../schemas/api";

export const SIGN = "1.1900000000.0123456789abcdef0123456789abcdef.ab12";
export const ORDER_NO = "ord_0123456789ab";

/** An accepted login of a page that keeps cookies (no session token). */
export const LOGIN_ANSWER: LoginResponse = {
  orderNo: ORDER_NO,
  sessionExpiresAt: "2030-01-01T00:00:00.000Z",
  returnUrl: "https://partner.example/registered-return",
  config: {
    orderNo: ORDER_NO,
    appId: "TIDA0001",
    h5faceId: "h5f_1",
    state: "in_progress",
    guidance: true,
    liveType: "1",
    actions: [],
    will: null,
    modes: { rtc: false, ws: false, prioriMode: false },
    theme: "",
    splashPage: false,
    protocolCorpName: "",
    popupContext: null,
    limits: {
      durationMs: { min: 2000, max: 5000 },
      toleranceMs: 500,
      minBytes: { ios: 150, android: 50, other: 50 },
      maxBytes: 1536 * 1024,
      mimeTypes: ["video/webm"],
    },
    prePictures: { wx: 0, h5: 0 },
    attempts: { max: 3, used: 0, left: 3 },
  },
};
