/**
 * The staff order search page: the filter form (kept filled with what was asked) and the
 * matching orders, newest first, each linking to its order view (orderDetailPage.ts), with a
 * link to the next, older page. A filter that does not parse shows the form with the problem,
 * never a stack trace.
 */
import { ORDER_OUTCOMES, ORDER_REACHED, type OrderSearchQuery } from "../../../../schemas/staffOrders";
import type { OrderSearchRow } from "../../store/orderSearch";
import { escapeHtml, renderStaffPage, STAFF_PATHS } from "../staffPage";
import type { StaffTextKey, StaffWords } from "../staffTexts";
import { modeKey, orderPath, utcTime } from "./orderWords";

interface OrderListInput {
  words: StaffWords;
  url: string;
  /** The query as asked (to refill the form); null when it did not parse. */
  query: Partial<OrderSearchQuery>;
  /** Why the query was refused, or null. */
  problem: string | null;
  apps: readonly string[];
  rows: readonly OrderSearchRow[];
  /** The query string of the next (older) page, or null when this is the last. */
  older: string | null;
}

function form(words: StaffWords, query: Partial<OrderSearchQuery>, apps: readonly string[]): string {
  const t = (key: StaffTextKey) => escapeHtml(words.t(key));
  const value = (v: string | undefined) => (v ? ` value="${escapeHtml(v)}"` : "");
  const input = (name: "order" | "user" | "from" | "to" | "code", label: StaffTextKey, type = "text") =>
    `<label>${t(label)} <input name="${name}" type="${type}"${value(query[name])}></label>`;
  const appOptions = [`<option value="">${t("orders.field.anyApp")}</option>`, ...apps.map((id) => `<option${id === query.app ? " selected" : ""}>${escapeHtml(id)}</option>`)].join("");
  const outcomes = ORDER_OUTCOMES.map((o) => `<option value="${o}"${o === (query.outcome ?? "any") ? " selected" : ""}>${t(`orders.outcome.${o}`)}</option>`).join("");
  const reached = ORDER_REACHED.map((r) => `<option value="${r}"${r === (query.reached ?? "any") ? " selected" : ""}>${t(`orders.reached.${r}`)}</option>`).join("");
  return (
    `<form class="filters card" method="get" action="${STAFF_PATHS.orders}" role="search">` +
    input("order", "orders.field.order") +
    input("user", "orders.field.user") +
    `<label>${t("orders.field.app")} <select name="app">${appOptions}</select></label>` +
    input("from", "orders.field.from", "date") +
    input("to", "orders.field.to", "date") +
    `<label>${t("orders.field.outcome")} <select name="outcome">${outcomes}</select></label>` +
    `<label>${t("orders.field.reached")} <select name="reached">${reached}</select></label>` +
    input("code", "orders.field.code") +
    `<button type="submit">${t("orders.search")}</button></form>`
  );
}

function table(words: StaffWords, rows: readonly OrderSearchRow[]): string {
  const t = (key: StaffTextKey) => escapeHtml(words.t(key));
  if (rows.length === 0) return `<p>${t("orders.none")}</p>`;
  const head = (["order", "app", "user", "mode", "state", "attempts", "code", "created"] as const).map((c) => `<th scope="col">${t(`orders.col.${c}`)}</th>`).join("");
  const body = rows
    .map((r) =>
      [
        `<th scope="row"><a href="${escapeHtml(orderPath(r.orderNo))}">${escapeHtml(r.orderNo)}</a></th>`,
        `<td>${escapeHtml(r.appId)}</td>`,
        `<td>${escapeHtml(r.userId)}</td>`,
        `<td>${t(modeKey(r.liveType, r.will))}</td>`,
        `<td class="${r.state === "failed" ? "fail" : r.state === "passed" ? "pass" : ""}">${t(`orders.state.${r.state}`)}</td>`,
        `<td>${r.attempts}</td>`,
        `<td>${escapeHtml(r.lastCode ?? "")}</td>`,
        `<td>${escapeHtml(utcTime(r.createdAt))}</td>`,
      ].join(""),
    )
    .map((cells) => `<tr>${cells}</tr>`)
    .join("\n");
  return `<p>${escapeHtml(words.t("orders.shown", { count: rows.length }))} · ${t("common.utc")}</p><table class="data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

export function renderOrderList(input: OrderListInput): string {
  const { words } = input;
  const problem = input.problem === null ? "" : `<p class="fail" role="alert">${escapeHtml(input.problem)}</p>`;
  const older = input.older === null ? "" : `<p><a rel="next" href="${STAFF_PATHS.orders}?${escapeHtml(input.older)}">${escapeHtml(words.t("orders.older"))} →</a></p>`;
  return renderStaffPage({
    words,
    url: input.url,
    section: "orders",
    title: words.t("orders.title"),
    body: `${form(words, input.query, input.apps)}${problem}<section class="card">${input.problem === null ? table(words, input.rows) : ""}${older}</section>`,
  });
}
