/**
 * Sends the outbox's due events (store/webhooks.ts), at least once each:
 * - every `pollMs` it claims up to `batch` due events with a lease (`leaseMs`, longer than a
 *   send can take), so on several instances each event is sent by one at a time, and one whose
 *   instance died is taken again once the lease ends;
 * - each send is signed at that moment with the app's current secret (a rotation is followed,
 *   as results are) and aimed at the checked address (webhookTarget.ts);
 * - a send that fails (no answer, non-2xx, a refused target) is tried again after the next
 *   delay of `retryDelaysMs` (±10% so failed partners are not hit in lockstep); the defaults add
 *   up to a little over 24 hours; after the last, the event is kept as failed for staff, who can
 *   send it again from the order view.
 */
import { WEBHOOK_HEADERS, signWebhook } from "@faceflow/partner";
import { createPeriodicJob, nodeScheduler, type PeriodicJob, type Scheduler } from "../jobs/periodicJob";
import type { Store } from "../store";
import type { WebhookEventRecord } from "../store/webhooks";
import { checkTarget, type TargetPolicy } from "./webhookTarget";
import { delivered, sendWebhook, type SendOutcome } from "./webhookSender";

export interface WebhookSettings {
  /** Waits before each retry: the n-th failed send waits the n-th; after the last, failed for good. */
  retryDelaysMs: readonly number[];
  pollMs: number;
  /** Deadline of one send, answer included. */
  timeoutMs: number;
  leaseMs: number;
  batch: number;
  policy: TargetPolicy;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 10 s, 30 s, 2, 10, 30 min, 1, 2, 4, 8, 8, 8 h: 11 retries over about 31.7 hours. */
export const DEFAULT_RETRY_DELAYS_MS = [10_000, 30_000, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR, 8 * HOUR, 8 * HOUR] as const;

export function webhookSettings(env: Readonly<Record<string, string | undefined>>, release: boolean, overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  const allow = env.FACEFLOW_WEBHOOK_ALLOW_PRIVATE;
  if (allow !== undefined && allow !== "0" && allow !== "1") throw new Error(`FACEFLOW_WEBHOOK_ALLOW_PRIVATE must be 0 or 1, not ${JSON.stringify(allow)}`);
  return {
    retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
    pollMs: 1000,
    timeoutMs: 10_000,
    leaseMs: 60_000,
    batch: 16,
    policy: { httpsOnly: release, allowPrivate: allow === "1" },
    ...overrides,
  };
}

interface DispatcherDeps {
  store: Store;
  clock: { now(): number };
  settings: WebhookSettings;
  log: (message: string, error: unknown) => void;
  scheduler?: Scheduler;
  random?: () => number;
}

export function createWebhookDispatcher(deps: DispatcherDeps): PeriodicJob<number> {
  const { store, clock, settings } = deps;
  const random = deps.random ?? Math.random;

  const sendOnce = async (event: WebhookEventRecord): Promise<SendOutcome> => {
    const app = await store.apps.get(event.appId);
    if (app === null || app.disabledAt !== null) return { status: null, error: "the app is disabled: nothing is signed for it", answer: null, ms: 0 };
    const target = await checkTarget(event.url, settings.policy);
    if (!target.ok) return { status: null, error: `not sent: ${target.reason}`, answer: null, ms: 0 };
    const headers = {
      [WEBHOOK_HEADERS.signature]: signWebhook(app.secret, event.body, Math.floor(clock.now() / 1000)),
      [WEBHOOK_HEADERS.eventId]: event.id,
      [WEBHOOK_HEADERS.eventType]: event.type,
    };
    return sendWebhook(target, event.body, headers, settings.timeoutMs);
  };

  const deliver = async (event: WebhookEventRecord): Promise<void> => {
    const at = clock.now();
    let outcome: SendOutcome;
    try {
      outcome = await sendOnce(event);
    } catch (error) {
      outcome = { status: null, error: `send failed: ${(error as Error).message}`, answer: null, ms: 0 };
    }
    const n = event.attempts + 1;
    const ok = delivered(outcome);
    const delay = settings.retryDelaysMs[n - 1];
    const next = ok
      ? { state: "delivered" as const, nextAt: at }
      : delay === undefined
        ? { state: "failed" as const, nextAt: at }
        : { state: "pending" as const, nextAt: at + Math.round(delay * (0.9 + 0.2 * random())) };
    await store.webhooks.recordAttempt({ eventId: event.id, n, at, status: outcome.status, error: outcome.error, answer: outcome.answer, ms: outcome.ms }, next);
  };

  return createPeriodicJob({
    name: "webhook delivery",
    scheduler: deps.scheduler ?? nodeScheduler,
    intervalMs: settings.pollMs,
    firstRunDelayMs: settings.pollMs,
    log: deps.log,
    async run(control) {
      let sent = 0;
      while (!control.closed()) {
        const now = clock.now();
        const due = await store.webhooks.claim(now, now + settings.leaseMs, settings.batch);
        if (due.length === 0) break;
        await Promise.all(due.map(deliver));
        sent += due.length;
        await control.breathe();
      }
      return sent;
    },
  });
}
