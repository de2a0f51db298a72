/**
 * The attempt the service is verifying, kept in the launch's kyc_ storage from the moment
 * the service accepted it until it is judged. A reload of a recording page while the page
 * waits for the verdict then resumes the wait (followAttempt) instead of recording again,
 * which would use up another of the order's attempts for nothing.
 */
import { storedValueSchemas, type PendingAttempt, type StoredKey } from "../../schemas/session";
import type { KycStorage } from "../session/storage";

const PENDING_ATTEMPT_KEY = "pendingAttempt" satisfies StoredKey;

/** The attempt still waited for, or null; a stored value that fails its schema counts as none. */
export function pendingAttemptOf(storage: Pick<KycStorage, "getParsed">): PendingAttempt | null {
  return storage.getParsed(PENDING_ATTEMPT_KEY, storedValueSchemas.pendingAttempt) ?? null;
}

export function rememberPendingAttempt(storage: Pick<KycStorage, "setJSON">, attempt: number): void {
  // Parsed on the way in as on the way out, so only a valid number is ever stored.
  storage.setJSON(PENDING_ATTEMPT_KEY, storedValueSchemas.pendingAttempt.parse({ attempt }));
}

export function forgetPendingAttempt(storage: Pick<KycStorage, "remove">): void {
  storage.remove(PENDING_ATTEMPT_KEY);
}
