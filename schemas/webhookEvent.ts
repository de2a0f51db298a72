/**
 * The events the service posts to an app's webhook URL (src/server/webhooks/), signed in the
 * `Faceflow-Signature` header (packages/partner-node/src/webhookSigning.ts). One type today:
 * `verification.completed`, sent once an order has its final verdict (passed, or failed with
 * its attempts used up), carrying what the signed return payload carries and the checks.
 * `id` is the same on every delivery of one event: process it once.
 */
import * as z from "zod/mini";

export const WEBHOOK_EVENT_TYPES = ["verification.completed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventSchema = z.strictObject({
  id: z.string().check(z.regex(/^evt_[0-9a-f]{32}$/, "an event id")),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** When the event happened (the verdict), ISO 8601 UTC. */
  createdAt: z.iso.datetime(),
  appId: z.string(),
  data: z.strictObject({
    orderNo: z.string(),
    /** The partner's user id given when the order was created. */
    userId: z.string(),
    passed: z.boolean(),
    /** The deciding attempt's result code ("0" passed); the same as the return payload's `code`. */
    code: z.string(),
    liveRate: z.nullable(z.number()),
    /** Reference-photo similarity, where the order compared one. */
    similarity: z.nullable(z.number()),
    faceCode: z.nullable(z.string()),
    willCode: z.nullable(z.string()),
    /** The checks the service ran on the deciding attempt, in order. */
    checks: z.array(z.string()),
    /** Attempts that reached a verdict. */
    attempts: z.number().check(z.int(), z.gte(1)),
    finishedAt: z.iso.datetime(),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
