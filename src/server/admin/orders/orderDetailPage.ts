/**
 * The staff order view: what a reviewer needs to answer "why did this user fail?". At the
 * top the outcome in one line (the deciding attempt's first failed check and its detail);
 * then the order's facts and each attempt, newest first: its status and code, every check
 * with its detail and figures (failed ones first), the recording and the device's evidence
 * frames (streamed by orderRoutes.ts, never cached), the device's guidance report and device
 * info, and the signed result. A check's detail is the service's own diagnostic text, shown as
 * the check wrote it.
 */
import type { AttemptViewStatus, ReturnPayload } from "../../../../schemas/api";
import type { AttemptRecord } from "../../store/attempts";
import type { OrderRecord } from "../../store/orders";
import type { RecordingRecord } from "../../store/recordings";
import { escapeHtml, renderStaffPage } from "../staffPage";
import type { StaffTextKey, StaffWords } from "../staffTexts";
import { codeWithName, modeKey, orderPath, utcTime } from "./orderWords";
import { webhookSection, type OrderWebhooks } from "./webhookSection";

export interface OrderDetail {
  order: OrderRecord;
  /** In the order they were made. */
  attempts: readonly { record: AttemptRecord; status: AttemptViewStatus; recording: RecordingRecord | null }[];
  result: ReturnPayload | null;
  webhooks: OrderWebhooks;
}

const facts = (rows: readonly [string, string][]) =>
  `<dl class="facts">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join("")}</dl>`;

/** The one line at the top: passed by which attempt, or why the deciding attempt failed. */
function summary(words: StaffWords, d: OrderDetail): string {
  const finished = d.attempts.filter((a) => a.record.status !== "pending" && a.record.status !== "abandoned");
  const passed = finished.find((a) => a.record.status === "passed");
  if (passed) return `<p class="pass">${escapeHtml(words.t("order.summary.passed", { seq: passed.record.seq }))}</p>`;
  const last = finished.at(-1);
  if (!last) return `<p>${escapeHtml(words.t(d.attempts.length === 0 ? "order.summary.noAttempt" : "order.summary.open"))}</p>`;
  const failed = last.record.checks.find((c) => !c.passed);
  const why = failed ? `${failed.name} (${codeWithName(last.record.code ?? "")}): ${failed.detail}` : codeWithName(last.record.code ?? "");
  return `<p class="fail">${escapeHtml(words.t("order.summary.failed", { check: why }))}</p>`;
}

function checksTable(words: StaffWords, a: AttemptRecord): string {
  const t = (key: StaffTextKey) => escapeHtml(words.t(key));
  if (a.checks.length === 0) return `<p>${t("order.checks.none")}</p>`;
  // Failed checks first: the reviewer's question is which one and why.
  const ordered = [...a.checks.filter((c) => !c.passed), ...a.checks.filter((c) => c.passed)];
  const rows = ordered
    .map((c) => `<tr><th scope="row">${escapeHtml(c.name)}</th><td class="${c.passed ? "pass" : "fail"}">${t(c.passed ? "order.check.passed" : "order.check.failed")}</td><td>${escapeHtml(c.detail)}</td></tr>`)
    .join("");
  return `<table class="data checks"><thead><tr><th scope="col">${t("order.check.name")}</th><th scope="col">${t("order.check.result")}</th><th scope="col">${t("order.check.detail")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function media(words: StaffWords, order: OrderRecord, a: AttemptRecord, recording: RecordingRecord | null): string {
  const t = (key: StaffTextKey) => escapeHtml(words.t(key));
  if (order.mediaPurgedAt !== null) return `<p>${escapeHtml(words.t("order.recording.purged", { when: utcTime(order.mediaPurgedAt) }))}</p>`;
  const base = `${orderPath(order.orderNo)}/attempts/${a.seq}`;
  const video = recording
    ? `<video controls preload="metadata" src="${escapeHtml(`${base}/recording`)}"></video><p>${escapeHtml(
        words.t("order.recording.about", { container: recording.container, bytes: recording.bytes, seconds: recording.durationMs === null ? "?" : (recording.durationMs / 1000).toFixed(1) }),
      )}</p>`
    : `<p>${t("order.recording.none")}</p>`;
  const times = a.guidance?.evidenceAtMs ?? [];
  const frames =
    times.length === 0
      ? `<p>${t("order.evidence.none")}</p>`
      : `<div class="evidence">${times
          .map((ms, i) => `<img src="${escapeHtml(`${base}/evidence/${i}`)}" alt="${escapeHtml(words.t("order.evidence.alt", { n: i + 1, ms }))}" width="160" loading="lazy">`)
          .join("")}</div>`;
  return `<h4>${t("order.recording")}</h4>${video}<h4>${t("order.evidence")}</h4>${frames}`;
}

function attemptSection(words: StaffWords, order: OrderRecord, entry: OrderDetail["attempts"][number]): string {
  const { record: a, status, recording } = entry;
  const t = (key: StaffTextKey) => words.t(key);
  const optional = (key: StaffTextKey, value: string | number | null): [string, string][] => (value === null ? [] : [[t(key), escapeHtml(String(value))]]);
  const rows: [string, string][] = [
    [t("order.attempt.channel"), escapeHtml(t(`order.channel.${a.channel}`))],
    [t("order.attempt.status"), `<span class="${status === "failed" || status === "rejected" ? "fail" : status === "passed" ? "pass" : ""}">${escapeHtml(t(`order.status.${status}`))}</span>`],
    ...optional("order.attempt.code", a.code === null ? null : codeWithName(a.code)),
    ...optional("order.attempt.liveRate", a.liveRate),
    ...optional("order.attempt.faceCode", a.faceCode),
    ...optional("order.attempt.similarity", a.similarity),
    ...optional("order.attempt.verifier", a.verifier),
    ...optional("order.attempt.digits", a.digits),
    ...optional("order.attempt.light", a.light === null ? null : words.t("order.light.segments", { count: a.light.segments.length })),
    [t("order.attempt.started"), escapeHtml(utcTime(a.createdAt))],
    ...optional("order.attempt.finished", a.finishedAt === null ? null : utcTime(a.finishedAt)),
  ];
  const guidance = a.guidance === null ? "" : `<h4>${escapeHtml(t("order.guidance"))}</h4><pre>${escapeHtml(JSON.stringify(a.guidance, null, 2))}</pre>`;
  const device = a.deviceInfo === null ? "" : `<h4>${escapeHtml(t("order.device"))}</h4><pre>${escapeHtml(a.deviceInfo)}</pre>`;
  return `<section class="card attempt" id="attempt-${a.seq}"><h2>${escapeHtml(words.t("order.attempt", { seq: a.seq }))}</h2>${facts(rows)}<h3>${escapeHtml(t("order.checks"))}</h3>${checksTable(words, a)}${media(words, order, a, recording)}${guidance}${device}</section>`;
}

export function renderOrderDetail(words: StaffWords, url: string, d: OrderDetail, backTo: string): string {
  const { order } = d;
  const t = (key: StaffTextKey) => words.t(key);
  const orderFacts = facts([
    [t("order.field.app"), escapeHtml(order.appId)],
    [t("order.field.user"), escapeHtml(order.userId)],
    [t("order.field.mode"), escapeHtml(t(modeKey(order.requestedLiveType, order.will !== null)))],
    [t("order.field.state"), escapeHtml(t(`orders.state.${order.state}`))],
    [t("order.field.created"), escapeHtml(utcTime(order.createdAt))],
    ...(order.finishedAt === null ? [] : [[t("order.field.finished"), escapeHtml(utcTime(order.finishedAt))] as [string, string]]),
    [t("order.field.maxAttempts"), String(order.maxAttempts)],
    [t("order.field.reference"), escapeHtml(t(order.referencePhoto === null ? "order.no" : "order.yes"))],
  ]);
  const result = d.result === null ? `<p>${escapeHtml(t("order.result.none"))}</p>` : `<pre>${escapeHtml(JSON.stringify(d.result, null, 2))}</pre>`;
  const attempts = [...d.attempts].reverse().map((a) => attemptSection(words, order, a)).join("\n");
  return renderStaffPage({
    words,
    url,
    section: "orders",
    title: words.t("order.title", { orderNo: order.orderNo }),
    header: `<p><a href="${escapeHtml(backTo)}">← ${escapeHtml(t("order.back"))}</a> · ${escapeHtml(t("common.utc"))}</p>`,
    body: `<section class="card summary"><h2>${escapeHtml(t("order.summary"))}</h2>${summary(words, d)}${orderFacts}</section>\n${attempts}\n<section class="card"><h2>${escapeHtml(t("order.result"))}</h2>${result}</section>\n${webhookSection(words, order.orderNo, d.webhooks)}`,
  });
}
