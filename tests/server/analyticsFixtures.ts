/**
 * Reports in the analytics contract's shapes (schemas/analytics.ts) for the ingest and
 * dashboard tests, a logged-in page to send them (its cookies and its analytics token), and
 * a read of what the ingest stored.
 */
import { join } from "node:path";
import type { FaceflowPartner } from "@faceflow/partner";
import type { AnalyticsEvent, BatchBody, CheckBody, MissingBody, SingleBody } from "../../schemas/analytics";
import { ANALYTICS_TOKEN_HEADER } from "../../schemas/analyticsToken";
import { loginResponseSchema } from "../../schemas/api";
import { createStore } from "../../src/server/store";
import type { AnalyticsEventRecord } from "../../src/server/store/analyticsEvents";
import { Browser, launchParams, orderRequest, type Service } from "./harness";

export const APP = "TIDA0001";

export function event(name: string, data: AnalyticsEvent["data"] = {}, extra: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return { name, at: Date.UTC(2030, 0, 1, 8), data, traceId: "trace-1", ...extra };
}

export function batchBody(batch: AnalyticsEvent[], extra: Partial<BatchBody> = {}): BatchBody {
  return { appId: APP, sdkVersion: "1.15.7-beta.7", appVersion: "1.0.0", env: "test", traceId: "trace-1", batch, ...extra };
}

export function singleBody(e: AnalyticsEvent, extra: Partial<SingleBody> = {}): SingleBody {
  return { appId: APP, sdkVersion: "1.15.7-beta.7", appVersion: "1.0.0", env: "test", traceId: "trace-1", event: e, ...extra };
}

export const missingBody: MissingBody = {
  appId: APP,
  timestamp: Date.UTC(2030, 0, 1),
  sdkVersion: "1.15.7-beta.7",
  appVersion: "1.0.0",
  httpStatus: 0,
  api: "/analytics/v1/batch",
  code: "network",
  msg: "Failed to fetch",
  retry: 3,
  batchSize: 5,
};

export const checkBody: CheckBody = {
  appId: APP,
  sdkVersion: "1.15.7-beta.7",
  appVersion: "1.0.0",
  id: "order-1",
  queues: [{ type: "batch", total: 7, cached: 2 }],
  traceId: "trace-1",
};

/** Every stored analytics row, read through a second connection to the service's SQLite file. */
export async function storedEvents(service: Service): Promise<AnalyticsEventRecord[]> {
  const store = createStore(join(service.dir, "faceflow.sqlite"));
  try {
    return await store.analyticsEvents.list();
  } finally {
    await store.close();
  }
}

export async function post(service: Service, path: string, body: BodyInit, headers: Record<string, string>): Promise<{ status: number; json: unknown; headers: Headers }> {
  const response = await fetch(service.baseUrl + path, { method: "POST", body, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A page after its login: its browser (with the session cookie), order and analytics token. */
export interface LoggedInPage {
  browser: Browser;
  orderNo: string;
  token: string;
  /** The header that authenticates a report with the token. */
  auth: Record<string, string>;
}

/** Create an order (of the partner's app) and log in with its launch, as a page would. */
export async function logIn(service: Service, partner: FaceflowPartner = service.partner): Promise<LoggedInPage> {
  const created = await partner.createOrder(orderRequest(service));
  const browser = new Browser(service.baseUrl);
  const answer = await browser.login(launchParams(created.launchUrl));
  if (answer.status !== 200) throw new Error(`login refused: ${JSON.stringify(answer.json)}`);
  const token = loginResponseSchema.parse(answer.json).analyticsToken;
  if (token === undefined) throw new Error("the login answer carries no analytics token");
  return { browser, orderNo: created.orderNo, token, auth: { [ANALYTICS_TOKEN_HEADER]: token } };
}

/** Set some environment variables for a block and put them back afterwards. */
export function withEnv(values: Record<string, string | undefined>): { restore(): void } {
  const previous = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (from: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(from)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  return { restore: () => apply(previous) };
}
