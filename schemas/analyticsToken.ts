/**
 * The analytics token: a signed, short-lived credential the login answer hands the page so its
 * analytics client can report where no session cookie or header can go (sendBeacon, the image
 * beacon) and after the cookie was dropped. It authorises analytics ingest only, for one
 * session of one order of one app, until it expires.
 *
 *   token  = "v1." + base64url(JSON of AnalyticsTokenClaims) + "." + hex HMAC-SHA256(key, "faceflow-analytics-v1\n" + claims part)
 *
 * The key is the service's own (never an app secret), so only the service makes and reads
 * tokens; the page treats the token as opaque. Sent as the `x-analytics-token` header, or as
 * the `t` query parameter where a request cannot carry headers (beacons).
 *
 * zod/mini because the browser reads the token back from storage with `analyticsTokenSchema`.
 * What the token carries is the service's business: schemas/analyticsTokenClaims.ts.
 */
import * as z from "zod/mini";

/** Header of fetch uploads; beacons put the token in ANALYTICS_TOKEN_PARAM instead. */
export const ANALYTICS_TOKEN_HEADER = "x-analytics-token";
/** Query parameter of beacon URLs (sendBeacon and the image GET cannot send headers). */
export const ANALYTICS_TOKEN_PARAM = "t";

export const analyticsTokenSchema = z.string().check(z.regex(/^v1\.[A-Za-z0-9_-]{16,512}\.[0-9a-f]{64}$/, "expected an analytics token"));
