/**
 * The webhook outbox (src/server/webhooks/): each event with its delivery state, and each
 * delivery attempt's answer. Written in the transaction that finishes the order; claimed by a
 * dispatcher with a lease, so on several instances each due event is sent by one of them at a
 * time, and an instance that dies mid-send leaves it to the next claim when the lease ends.
 */
import * as z from "zod";
import type { Sql } from "./sql";
import { parseRow, parseRows } from "./json";

export const WEBHOOK_STATES = ["pending", "delivered", "failed"] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

export interface WebhookEventRecord {
  id: string;
  appId: string;
  orderNo: string;
  type: string;
  /** The exact JSON body sent every time (its signature is made per send, with the time). */
  body: string;
  url: string;
  state: WebhookState;
  attempts: number;
  nextAt: number;
  createdAt: number;
  deliveredAt: number | null;
}

export interface WebhookAttemptRecord {
  eventId: string;
  n: number;
  at: number;
  /** The HTTP status answered; null when no answer came (refused target, timeout, connection error). */
  status: number | null;
  error: string | null;
  /** The first bytes of the answer's body, for staff. */
  answer: string | null;
  ms: number;
}

const num = z.coerce.number().int();
const eventRow = z
  .object({
    id: z.string(),
    app_id: z.string(),
    order_no: z.string(),
    type: z.string(),
    body: z.string(),
    url: z.string(),
    state: z.enum(WEBHOOK_STATES),
    attempts: num,
    next_at: num,
    created_at: num,
    delivered_at: num.nullable(),
  })
  .transform((r): WebhookEventRecord => ({
    id: r.id,
    appId: r.app_id,
    orderNo: r.order_no,
    type: r.type,
    body: r.body,
    url: r.url,
    state: r.state,
    attempts: r.attempts,
    nextAt: r.next_at,
    createdAt: r.created_at,
    deliveredAt: r.delivered_at,
  }));
const attemptRow = z
  .object({ event_id: z.string(), n: num, at: num, status: num.nullable(), error: z.string().nullable(), answer: z.string().nullable(), ms: num })
  .transform((r): WebhookAttemptRecord => ({ eventId: r.event_id, n: r.n, at: r.at, status: r.status, error: r.error, answer: r.answer, ms: r.ms }));

export interface WebhooksRepo {
  /** Queue an event, due at once (inside the transaction that finishes the order). */
  insert(event: { id: string; appId: string; orderNo: string; type: string; body: string; url: string; createdAt: number }): Promise<void>;
  /** Up to `limit` due events (pending, next_at reached, no live lease), leased to the caller until `leaseUntil`. */
  claim(now: number, leaseUntil: number, limit: number): Promise<WebhookEventRecord[]>;
  /** Record one send's answer and the event's next state: delivered, failed for good, or pending again at `nextAt`. */
  recordAttempt(attempt: WebhookAttemptRecord, next: { state: WebhookState; nextAt: number }): Promise<void>;
  get(id: string): Promise<WebhookEventRecord | null>;
  /** The order's events, oldest first, each with its attempts. */
  listByOrder(orderNo: string): Promise<{ event: WebhookEventRecord; attempts: WebhookAttemptRecord[] }[]>;
  /** Staff's redelivery: the event is due again now (whatever its state), its attempts kept. */
  redeliver(id: string, now: number): Promise<boolean>;
}

export function createWebhooksRepo(sql: Sql): WebhooksRepo {
  const get = async (id: string) => parseRow("webhook_events", eventRow, await sql.get("SELECT * FROM webhook_events WHERE id = ?", [id]));
  return {
    async insert(e) {
      await sql.run(
        `INSERT INTO webhook_events (id, app_id, order_no, type, body, url, state, attempts, next_at, lease_until, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, 0, ?)`,
        [e.id, e.appId, e.orderNo, e.type, e.body, e.url, e.createdAt, e.createdAt],
      );
    },
    async claim(now, leaseUntil, limit) {
      // One statement: the WHERE is checked again on each row as it is updated, so two
      // instances claiming at once never both get the same event.
      const rows = await sql.all(
        `UPDATE webhook_events SET lease_until = ?
         WHERE id IN (SELECT id FROM webhook_events WHERE state = 'pending' AND next_at <= ? AND lease_until <= ? ORDER BY next_at LIMIT ?)
           AND state = 'pending' AND lease_until <= ?
         RETURNING *`,
        [leaseUntil, now, now, limit, now],
      );
      return parseRows("webhook_events", eventRow, rows);
    },
    async recordAttempt(a, next) {
      await sql.transaction(async (tx) => {
        await tx.run(`INSERT INTO webhook_attempts (event_id, n, at, status, error, answer, ms) VALUES (?, ?, ?, ?, ?, ?, ?)`, [a.eventId, a.n, a.at, a.status, a.error, a.answer, a.ms]);
        await tx.run(
          `UPDATE webhook_events SET state = ?, attempts = ?, next_at = ?, lease_until = 0, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END WHERE id = ?`,
          [next.state, a.n, next.nextAt, next.state, a.at, a.eventId],
        );
      });
    },
    get,
    async listByOrder(orderNo) {
      const events = parseRows("webhook_events", eventRow, await sql.all("SELECT * FROM webhook_events WHERE order_no = ? ORDER BY created_at, id", [orderNo]));
      return Promise.all(
        events.map(async (event) => ({
          event,
          attempts: parseRows("webhook_attempts", attemptRow, await sql.all("SELECT * FROM webhook_attempts WHERE event_id = ? ORDER BY n", [event.id])),
        })),
      );
    },
    async redeliver(id, now) {
      const { changes } = await sql.run(`UPDATE webhook_events SET state = 'pending', next_at = ?, lease_until = 0 WHERE id = ?`, [now, id]);
      return changes > 0;
    },
  };
}
