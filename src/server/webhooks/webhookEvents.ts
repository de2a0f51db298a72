/**
 * Writing an order's `verification.completed` event into the outbox, inside the transaction
 * that finishes the order (orders/verdict.ts): the event exists exactly when the verdict does.
 * Nothing is written for an app without a webhook URL.
 */
import { randomBytes } from "node:crypto";
import { webhookEventSchema, type WebhookEvent } from "../../../schemas/webhookEvent";
import type { Store } from "../store";
import type { AttemptRecord } from "../store/attempts";
import type { AppRecord } from "../store/apps";
import type { OrderRecord } from "../store/orders";

const iso = (ms: number) => new Date(ms).toISOString();

export async function queueCompletedEvent(tx: Store, app: AppRecord, order: OrderRecord, attempt: AttemptRecord, verified: number, now: number): Promise<WebhookEvent | null> {
  if (!app.webhookUrl) return null;
  const event = webhookEventSchema.parse({
    id: `evt_${randomBytes(16).toString("hex")}`,
    type: "verification.completed",
    createdAt: iso(now),
    appId: app.appId,
    data: {
      orderNo: order.orderNo,
      userId: order.userId,
      passed: attempt.status === "passed",
      code: attempt.code ?? "",
      liveRate: attempt.liveRate,
      similarity: attempt.similarity,
      faceCode: attempt.faceCode,
      willCode: attempt.willCode,
      checks: attempt.checks.map((c) => c.name),
      attempts: verified,
      finishedAt: iso(now),
    },
  } satisfies WebhookEvent);
  await tx.webhooks.insert({ id: event.id, appId: app.appId, orderNo: order.orderNo, type: event.type, body: JSON.stringify(event), url: app.webhookUrl, createdAt: now });
  return event;
}
