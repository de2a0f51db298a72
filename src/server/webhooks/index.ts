/**
 * Webhooks on the service: the dispatcher started with the API (every instance may run one:
 * leases keep them from sending an event twice at once) and stopped before the store closes.
 */
import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "../context";
import { createWebhookDispatcher, type WebhookSettings } from "./webhookDispatcher";

export { webhookSettings, type WebhookSettings } from "./webhookDispatcher";

export function registerWebhooks(app: FastifyInstance, ctx: ServiceContext, settings: WebhookSettings): void {
  const dispatcher = createWebhookDispatcher({ store: ctx.store, clock: ctx.clock, settings, log: (message, error) => app.log.error({ err: error }, message) });
  // preClose: before the onClose hook that closes the store.
  app.addHook("preClose", async () => dispatcher.close());
  dispatcher.start();
}
