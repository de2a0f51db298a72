/**
 * What an analytics token (schemas/analyticsToken.ts) vouches for. Service-only, and apart
 * from the token's format so the page's first screen does not carry it.
 */
import * as z from "zod/mini";

/** What a token vouches for: short keys keep beacon URLs short. */
export const analyticsTokenClaimsSchema = z.strictObject({
  /** The order's app id: stored events get this app id, whatever their payload says. */
  app: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  /** The order number of the session. */
  ord: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  /** Reference of the session (the start of its hash): the per-session quota's key. */
  ses: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  /** Expiry, Unix seconds. */
  exp: z.int().check(z.positive()),
});
export type AnalyticsTokenClaims = z.infer<typeof analyticsTokenClaimsSchema>;
