/**
 * The launch fields kept in cookies as well as in storage (spec §3 "Session"), so the
 * partner's other pages on the same site read them. Written with path `/`; with the
 * configured cookie domain (flows/apps.json `cookieDomain`) when the page is on that domain,
 * host-only otherwise; never for the two host-scoped app ids (the jar skips them).
 *
 * `order_no` is not written here: it is the page's access gate (spec §2 guard step 2) and the
 * service sets it at login, bound to a session. A cookie the page wrote from its own URL would
 * let any link with an order number past that gate.
 */
import { launchParamsSchema, PERSISTENT_LAUNCH_KEYS, type LaunchKey } from "../../schemas/launch";
import { storedValueSchemas } from "../../schemas/session";
import type { CookieJar } from "./cookies";
import type { KycStorage } from "./storage";

/** The launch fields the page mirrors into cookies: the persistent ones but `order_no`. */
export const COOKIE_LAUNCH_KEYS = PERSISTENT_LAUNCH_KEYS.filter((key) => key !== "order_no");
export type CookieLaunchKey = (typeof COOKIE_LAUNCH_KEYS)[number];

/**
 * The domain attribute for this page's cookies: the configured domain when the page's host is
 * that domain or under it (a browser drops a cookie for any other domain), else undefined
 * (host-only).
 * @example cookieDomainFor("kyc.partner.example", "partner.example") // "partner.example"
 * @example cookieDomainFor("127.0.0.1", "partner.example") // undefined
 */
export function cookieDomainFor(hostname: string, configured: string | null): string | undefined {
  if (configured === null) return undefined;
  const domain = configured.replace(/^\./, "").toLowerCase();
  const host = hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`) ? domain : undefined;
}

/**
 * Make the launch's cookie fields say what this launch has, from `read` (its stored values): a
 * present value is written, an absent one removed. Cookies are domain-wide while storage is per
 * launch, so a cookie this launch does not overwrite would still say what an earlier launch had
 * (its user_id, its finished `url`). Returns the keys written (none for a host-scoped app, whose
 * cookies the jar leaves alone).
 */
export function syncLaunchCookies(jar: CookieJar, read: (key: CookieLaunchKey & LaunchKey) => string | undefined): CookieLaunchKey[] {
  const written: CookieLaunchKey[] = [];
  for (const key of COOKIE_LAUNCH_KEYS) {
    const value = read(key);
    if (value === undefined) jar.remove(key);
    else if (jar.set(key, value)) written.push(key);
  }
  return written;
}

/**
 * The stored value of a cookie launch field, except an unsigned launch's return address: no one
 * vouched for it yet, and a domain-wide cookie would hand the partner's other pages whatever
 * address a crafted link carried. The login writes the address the service vouched for
 * (src/ui/screens/login/launchLogin.ts); finishing writes the text "null" (clearLaunchFields).
 */
export function launchCookieValue(key: CookieLaunchKey, storage: KycStorage): string | undefined {
  if (key === "url" && storage.getParsed("urlUnsigned", storedValueSchemas.urlUnsigned) === true) return undefined;
  return storage.getParsed(key, launchParamsSchema.shape[key]);
}
