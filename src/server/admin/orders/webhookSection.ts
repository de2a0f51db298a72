/**
 * The order view's webhook deliveries: each event of the order with its state, target, every
 * send's answer (status or error, time taken, the answer's first bytes), and a button that
 * sends it again (a POST form to orderRoutes.ts: the admin cookie is SameSite=Strict, so
 * another site cannot make a staff member's browser press it).
 */
import type { WebhookAttemptRecord, WebhookEventRecord } from "../../store/webhooks";
import { escapeHtml } from "../staffPage";
import type { StaffWords } from "../staffTexts";
import { orderPath, utcTime } from "./orderWords";

export type OrderWebhooks = readonly { event: WebhookEventRecord; attempts: readonly WebhookAttemptRecord[] }[];

function send(words: StaffWords, a: WebhookAttemptRecord): string {
  const status = a.status === null ? words.t("order.webhook.noAnswer") : String(a.status);
  const line = words.t("order.webhook.send", { n: a.n, at: utcTime(a.at), status, ms: a.ms });
  const why = a.error === null ? "" : ` — ${a.error}`;
  const answer = a.answer ? `<pre>${escapeHtml(a.answer)}</pre>` : "";
  return `<li class="${a.error === null ? "pass" : "fail"}">${escapeHtml(line + why)}${answer}</li>`;
}

export function webhookSection(words: StaffWords, orderNo: string, webhooks: OrderWebhooks): string {
  const t = (key: Parameters<StaffWords["t"]>[0], values?: Record<string, string | number>) => escapeHtml(words.t(key, values));
  if (webhooks.length === 0) return `<section class="card"><h2>${t("order.webhooks")}</h2><p>${t("order.webhooks.none")}</p></section>`;
  const events = webhooks.map(({ event, attempts }) => {
    const state =
      event.state === "pending"
        ? t("order.webhook.state.pending", { at: utcTime(event.nextAt) })
        : event.state === "delivered"
          ? t("order.webhook.state.delivered", { at: utcTime(event.deliveredAt ?? event.nextAt) })
          : t("order.webhook.state.failed");
    const facts = `<dl class="facts"><dt>${t("order.webhook.event")}</dt><dd>${escapeHtml(`${event.type} ${event.id}`)}</dd><dt>${t("order.webhook.state")}</dt><dd class="${event.state === "failed" ? "fail" : event.state === "delivered" ? "pass" : ""}">${state}</dd><dt>${t("order.webhook.url")}</dt><dd>${escapeHtml(event.url)}</dd></dl>`;
    const sends = attempts.length === 0 ? "" : `<h4>${t("order.webhook.sends")}</h4><ol class="sends">${attempts.map((a) => send(words, a)).join("")}</ol>`;
    const again = `<form method="post" action="${escapeHtml(`${orderPath(orderNo)}/webhooks/${event.id}/redeliver`)}"><button type="submit">${t("order.webhook.redeliver")}</button></form>`;
    return `<div class="webhook" id="${escapeHtml(event.id)}">${facts}${sends}${again}</div>`;
  });
  return `<section class="card"><h2>${t("order.webhooks")}</h2>${events.join("")}</section>`;
}
