/**
 * What one stored event adds to the dashboard's counters (store/analyticsRollups.ts): worked
 * out once, when the event is stored, so a dashboard request never reads events.
 *
 * Browser funnel steps (start page, camera ready) count distinct users: the order number,
 * else openId, else trace id, of pageView events showing such a page. Error statuses come
 * from error pages and from statistics that are statuses in their own right; downgrade reasons
 * from the `downgrade` statistic the page records with each reason (spec §3 codes; views of the
 * will-degrade pages are not reasons and are not counted as such); page-load samples from
 * pageLoadTime and pageLoadSlow. Attempts the device ended before anything reached the service
 * (DEVICE_FAILURE_EVENTS) count under their reason, so a faceless recording stopped by the page
 * is a failure with its reason, not only a drop between two funnel steps.
 */
import { DOWNGRADE_EVENT } from "../../../../schemas/analyticsEvent";
import { HANDOFF_EVENT, HANDOFF_STEPS } from "../../../../schemas/handoff";
import { ERROR_STATUSES } from "../../../../schemas/errors";
import { DOWNGRADE_REASONS } from "../../../../schemas/session";
import type { AnalyticsEventInput, JsonValue } from "../../store/analyticsEvents";
import type { EventFacts } from "../../store/analyticsRollups";

/** Route names (the pageId without its gray-version suffix) that mean a funnel step was reached. */
const START_PAGES: ReadonlySet<string> = new Set(["pre", "h5pre", "action_pre", "action_pre_slient", "action_h5pre", "action_h5pre_slient", "action_trtc_pre"]);
const CAMERA_PAGES: ReadonlySet<string> = new Set(["vertify", "action_vertify", "action_trtc_record", "action_trtc_willRecord", "action_ws_record"]);
const ERROR_PAGES: ReadonlySet<string> = new Set(["error", "action_error"]);
/** Statistics that are error statuses in their own right (spec §2 guard, §8 catalogue). */
const STATUS_EVENTS: ReadonlySet<string> = new Set(["noCookie", "launchInvalid"]);
/** Chart label of each downgrade reason code: "9 webcamNoPermissionQuickly". */
const DOWNGRADE_LABELS = new Map<number, string>(Object.entries(DOWNGRADE_REASONS).map(([name, code]) => [code, `${code} ${name}`]));

/**
 * Statistics the page records when an attempt failed on the device, before the service got a
 * recording (src/flow/attempt/: handOver.ts, cameraFailure.ts, attemptMachine.ts,
 * lightChooser.ts), by the kind each counts under; the label is `<kind>.<reason>`.
 * A camera or real-time failure the page answered by recording another way counts too: that
 * way failed, and the switch is also among the downgrade reasons.
 */
const DEVICE_FAILURE_EVENTS: ReadonlyMap<string, { kind: DeviceFailureKind; reasonKey: string }> = new Map([
  ["guidanceFailed", { kind: "guidance", reasonKey: "reason" }],
  ["captureFailed", { kind: "camera", reasonKey: "status" }],
  ["capturePrepareFailed", { kind: "prepare", reasonKey: "status" }],
  ["realtimeFailed", { kind: "realtime", reasonKey: "status" }],
  ["recordingRefused", { kind: "refused", reasonKey: "status" }],
  ["uploadFailed", { kind: "upload", reasonKey: "status" }],
] as const);
export const DEVICE_FAILURE_KINDS = ["guidance", "camera", "prepare", "realtime", "refused", "upload"] as const;
export type DeviceFailureKind = (typeof DEVICE_FAILURE_KINDS)[number];
/** Why on-device face guidance failed a recording (src/ui/screens/recording/guidance/guidanceController.ts GuidanceFailure). */
export const GUIDANCE_FAILURE_REASONS = ["face", "action", "silent"] as const;
const KNOWN_REASONS: Record<DeviceFailureKind, ReadonlySet<string>> = {
  guidance: new Set(GUIDANCE_FAILURE_REASONS),
  camera: new Set(ERROR_STATUSES),
  prepare: new Set(ERROR_STATUSES),
  realtime: new Set(ERROR_STATUSES),
  refused: new Set(ERROR_STATUSES),
  upload: new Set(ERROR_STATUSES),
};
/** The reason of a label no client may choose: anything not listed counts as this. */
export const UNKNOWN_REASON = "unknown";

const DAY_MS = 86_400_000;
/** An event may say it happened up to this long after it arrived (clock skew), no later. */
const FUTURE_SKEW_MS = DAY_MS;
/** Longest page load counted as itself; longer ones count as this (a tab left in the background). */
const LOAD_MS_CAP = 3_600_000;

/** "2030-01-01" (UTC) of a Unix ms time. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function text(data: JsonValue, key: string): string | null {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  const value = data[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}

function numberIn(data: JsonValue, key: string): number | null {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  const value = data[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The route name of a pageView: its data.pageId ("h5pre_0") without the gray-version suffix. */
function routeNameOf(event: Pick<AnalyticsEventInput, "data" | "pageId">): string | null {
  const pageId = text(event.data, "pageId") ?? event.pageId;
  return pageId === null ? null : pageId.replace(/_\d+$/, "");
}

/** The status an error page showed: data.status, else the route's ?status= query value. */
function statusOf(event: AnalyticsEventInput): string {
  const fromData = text(event.data, "status");
  if (fromData) return fromData;
  const query = event.route?.split("?")[1];
  return (query && new URLSearchParams(query).get("status")) || "unknown";
}

/**
 * The label of a downgrade event's reason: only the spec's codes, so a client cannot add
 * labels of its own to the counters; anything else counts as "unknown".
 */
function downgradeLabel(data: JsonValue): string {
  const code = numberIn(data, "reason");
  return (code !== null && DOWNGRADE_LABELS.get(code)) || "unknown";
}

/**
 * The label of a device failure: "guidance.face", "camera.trtc_cameraError"; only the listed
 * reasons, so a client cannot add labels of its own to the counters.
 */
function deviceFailureLabel(kind: DeviceFailureKind, reasonKey: string, data: JsonValue): string {
  const reason = text(data, reasonKey);
  return `${kind}.${reason !== null && KNOWN_REASONS[kind].has(reason) ? reason : UNKNOWN_REASON}`;
}

/**
 * A page-load time as counted: whole milliseconds under 1 s, tens under 10 s, hundreds under a
 * minute, seconds above, capped at an hour; rounded up, so a time stays in its histogram bucket
 * (every bucket bound is a multiple of its step). Exact where loads are (the browser sends whole
 * milliseconds), and few enough distinct values that the median is read from at most a few
 * thousand counter rows per day and app, whatever a client sends.
 */
function quantiseLoadMs(ms: number): number {
  const clamped = Math.min(Math.max(ms, 0), LOAD_MS_CAP);
  const step = clamped < 1000 ? 1 : clamped < 10_000 ? 10 : clamped < 60_000 ? 100 : 1000;
  return Math.ceil(clamped / step) * step;
}

/**
 * The day an event counts under: when it happened, as the browser says, unless that is older
 * than the retention window or more than a day ahead of its arrival; then when it arrived. So
 * buffered events sent later count on their own day, and no client can file events under a
 * day the retention job would never reach.
 */
function countedDay(event: Pick<AnalyticsEventInput, "eventAt" | "receivedAt">, retentionMs: number): string {
  const at = event.eventAt;
  const plausible = at !== null && at >= event.receivedAt - retentionMs && at <= event.receivedAt + FUTURE_SKEW_MS;
  return dayOf(plausible ? at : event.receivedAt);
}

const HANDOFF_STEP_SET: ReadonlySet<string> = new Set(HANDOFF_STEPS);

/** A handoff event's step, or UNKNOWN_REASON for anything else (a client cannot add labels). */
function handoffStepOf(data: JsonValue): string {
  const step = typeof data === "object" && data !== null && !Array.isArray(data) ? data.step : undefined;
  return typeof step === "string" && HANDOFF_STEP_SET.has(step) ? step : UNKNOWN_REASON;
}

/**
 * The facts of one stored row; null for missing-data and check reports, which the dashboard
 * does not count.
 * @example createFactsOf(90 * 86_400_000)(row) // { day: "2030-01-01", appId: "TIDA0001", counts: [{ metric: "name", label: "pageView" }, …], … }
 */
export function createFactsOf(retentionMs: number): (event: AnalyticsEventInput) => EventFacts | null {
  return (event) => {
    if (event.kind !== "event") return null;
    const facts: EventFacts = { day: countedDay(event, retentionMs), appId: event.appId ?? "unknown", counts: [{ metric: "name", label: event.name }], funnel: [], loadMs: null };
    const route = routeNameOf(event);
    if (event.name === "pageView" && route !== null) {
      facts.counts.push({ metric: "cell", label: "" });
      const userKey = event.orderNo ?? event.openId ?? event.traceId;
      if (userKey && START_PAGES.has(route)) facts.funnel.push({ step: "startPage", userKey });
      if (userKey && CAMERA_PAGES.has(route)) facts.funnel.push({ step: "cameraReady", userKey });
      if (ERROR_PAGES.has(route)) facts.counts.push({ metric: "status", label: statusOf(event) });
    }
    if (STATUS_EVENTS.has(event.name)) facts.counts.push({ metric: "status", label: event.name });
    if (event.name === DOWNGRADE_EVENT) facts.counts.push({ metric: "downgrade", label: downgradeLabel(event.data) });
    // The phone handoff's steps, which the service records itself (handoff/handoffEvents.ts); only its steps are labels.
    if (event.name === HANDOFF_EVENT) facts.counts.push({ metric: "handoff", label: handoffStepOf(event.data) });
    const failure = DEVICE_FAILURE_EVENTS.get(event.name);
    if (failure) facts.counts.push({ metric: "deviceFailure", label: deviceFailureLabel(failure.kind, failure.reasonKey, event.data) });
    if (event.name === "pageLoadTime" || event.name === "pageLoadSlow") {
      const ms = numberIn(event.data, "ms");
      if (ms !== null) facts.loadMs = quantiseLoadMs(ms);
    }
    return facts;
  };
}
