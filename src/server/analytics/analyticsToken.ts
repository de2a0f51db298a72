/**
 * Making and reading analytics tokens (format in schemas/analyticsToken.ts). The key is a
 * service setting kept in the store like the cookie key, so every process sharing the store
 * signs alike and tokens survive a restart; it is used for nothing else.
 */
import { hmacHex, safeEqualHex } from "@faceflow/partner";
import { analyticsTokenSchema } from "../../../schemas/analyticsToken";
import { analyticsTokenClaimsSchema, type AnalyticsTokenClaims } from "../../../schemas/analyticsTokenClaims";
import type { ServiceContext } from "../context";
import { randomHex } from "../runtime";

const KEY_SETTING = "analytics-token-key";
/** Purpose line: a MAC made for another faceflow purpose is never a valid token. */
const PURPOSE = "faceflow-analytics-v1\n";
/**
 * How long a token outlives its session: the pages after the verdict and the page-hide
 * beacon still report, but a token is never good for long after its session.
 */
const TOKEN_GRACE_MS = 60 * 60 * 1000;

type TokenContext = Pick<ServiceContext, "store" | "randomBytes">;

/** The service's analytics token key (made on first use). */
function tokenKey(ctx: TokenContext): Promise<string> {
  return ctx.store.settings.getOrCreate(KEY_SETTING, () => randomHex(ctx.randomBytes, 32));
}

/** Who an accepted token or session says is reporting. */
export interface AnalyticsIdentity {
  appId: string;
  orderNo: string;
  /** Per-session quota key. */
  sessionRef: string;
}

/** The per-session quota key of a stored session: the start of its hash, as in a token. */
export const sessionRefOf = (sessionHash: string): string => sessionHash.slice(0, 32);

export interface AnalyticsTokens {
  /** A token for `identity`, valid until `expiresAt` (Unix ms). */
  issue(identity: AnalyticsIdentity, expiresAt: number): Promise<string>;
  /**
   * The identity a token vouches for, or null when it is malformed, forged or expired. The
   * MAC is compared in constant time before anything inside the token is believed.
   */
  verify(token: string): Promise<AnalyticsIdentity | null>;
}

/** Tokens signed with the service's key, read from the store once. */
export function createAnalyticsTokens(ctx: TokenContext & Pick<ServiceContext, "clock">): AnalyticsTokens {
  let key: Promise<string> | undefined;
  const mac = async (body: string) => hmacHex(await (key ??= tokenKey(ctx)), PURPOSE + body);
  return {
    async issue(identity, expiresAt) {
      const claims: AnalyticsTokenClaims = { app: identity.appId, ord: identity.orderNo, ses: identity.sessionRef, exp: Math.floor(expiresAt / 1000) };
      const body = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
      return `v1.${body}.${await mac(body)}`;
    },
    async verify(token) {
      if (!analyticsTokenSchema.safeParse(token).success) return null;
      const [, body = "", received = ""] = token.split(".");
      if (!safeEqualHex(await mac(body), received)) return null;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      const claims = analyticsTokenClaimsSchema.safeParse(json);
      if (!claims.success || claims.data.exp * 1000 <= ctx.clock.now()) return null;
      return { appId: claims.data.app, orderNo: claims.data.ord, sessionRef: claims.data.ses };
    },
  };
}

/**
 * The token the login answer carries: for the session's order and app, valid while the
 * session is and TOKEN_GRACE_MS after.
 * @example analyticsToken: analyticsTokenForSession(ctx, order, session)
 */
export function analyticsTokenForSession(
  ctx: TokenContext & Pick<ServiceContext, "clock">,
  order: { appId: string; orderNo: string },
  session: { sessionHash: string; expiresAt: number },
): Promise<string> {
  const identity = { appId: order.appId, orderNo: order.orderNo, sessionRef: sessionRefOf(session.sessionHash) };
  return createAnalyticsTokens(ctx).issue(identity, session.expiresAt + TOKEN_GRACE_MS);
}
