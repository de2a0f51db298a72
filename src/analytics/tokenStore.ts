/**
 * Where the page keeps the analytics token of the login answer: the launch's storage, so a
 * reload of a logged-in page (which does not log in again) still reports, and the token dies
 * with the launch's scope. The login writes it; the analytics client reads it per report.
 */
import { analyticsTokenSchema } from "../../schemas/analyticsToken";
import type { KycStorage } from "../session/storage";

/** Storage key, camelCase like every non-launch value (schemas/session.ts). */
const ANALYTICS_TOKEN_KEY = "analyticsToken";

/** The stored token, or undefined when the page has none (not logged in yet, or a corrupt value). */
export function readAnalyticsToken(store: Pick<KycStorage, "getParsed">): string | undefined {
  return store.getParsed(ANALYTICS_TOKEN_KEY, analyticsTokenSchema);
}

/** Keep the token of a login answer; an answer without one leaves an earlier token in place. */
export function keepAnalyticsToken(store: Pick<KycStorage, "setJSON">, token: string | undefined): void {
  if (token !== undefined) store.setJSON(ANALYTICS_TOKEN_KEY, token);
}
