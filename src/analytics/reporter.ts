/**
 * The upload side of the client, loaded after the first screen: batch upload with retries and
 * the missing-data report (after failed retries, and counting events the buffer dropped), the check report, and the trace-id request (spec §7). It holds no
 * state of its own: the client owns the buffer and serialises the calls (queue concurrency 1).
 * Reports that store something carry the analytics token of the login answer in the
 * x-analytics-token header (schemas/analyticsToken.ts); the trace-id request needs none.
 */
import {
  ANALYTICS_HEADERS,
  ANALYTICS_SUCCESS_CODE,
  BUFFER_OVERFLOW_CODE,
  analyticsAnswerSchema,
  traceIdAnswerSchema,
  type AnalyticsFile,
  type BatchBody,
  type CheckBody,
  type MissingBody,
} from "../../schemas/analytics";
import { ANALYTICS_TOKEN_HEADER } from "../../schemas/analyticsToken";
import { batchBodyOf, type Envelope } from "./batchBody";
import type { EventBuffer } from "./eventBuffer";
import { browserGzipDeps, gzipText } from "./gzip";
import { TransportError, type AnalyticsTransport, type HttpAnswer } from "./transport";

export type { Envelope } from "./batchBody";

export interface ReporterOptions {
  config: AnalyticsFile;
  transport: AnalyticsTransport;
  /** Absolute URL of an endpoint path. */
  url: (path: string) => string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Gzip override for tests; the browser's CompressionStream or pako otherwise. */
  gzip?: (text: string) => Promise<Uint8Array>;
}

/** The outcome of one batch upload, after its retries. */
export type FlushOutcome = { ok: true; sent: number } | { ok: false; missing: MissingBody };

/** Wait before retry n (1-based): 1 s, 2 s, 4 s … so a struggling service is not hammered. */
export const retryDelayMs = (retry: number): number => 1000 * 2 ** (retry - 1);

const accepted = (answer: HttpAnswer): boolean => {
  const parsed = analyticsAnswerSchema.safeParse(answer.body);
  return answer.status >= 200 && answer.status < 300 && parsed.success && parsed.data.code === ANALYTICS_SUCCESS_CODE;
};

/** Why an attempt failed, in the terms of the missing-data report. */
function describeFailure(result: HttpAnswer | TransportError | Error): Pick<MissingBody, "httpStatus" | "code" | "msg"> {
  if (result instanceof TransportError) return { httpStatus: 0, code: result.kind, msg: result.message.slice(0, 1024) };
  if (result instanceof Error) return { httpStatus: 0, code: "network", msg: result.message.slice(0, 1024) };
  const parsed = analyticsAnswerSchema.safeParse(result.body);
  if (!parsed.success) return { httpStatus: result.status, code: result.status >= 400 ? "http" : "invalid", msg: "answer is not { code }" };
  return { httpStatus: result.status, code: parsed.data.code.slice(0, 64), msg: (parsed.data.msg ?? "").slice(0, 1024) };
}

export interface Reporter {
  /** Upload the oldest buffered events (at most bufferEntries) with `token` and remove them once accepted. */
  flushBatch(buffer: EventBuffer, envelope: Envelope, traceId: string, token: string): Promise<FlushOutcome>;
  /**
   * Count the events the buffer dropped (past its limits) in a missing-data report of code
   * bufferOverflow, when there are any not yet counted; best effort, like every missing report.
   */
  reportDrops(buffer: EventBuffer, envelope: Envelope, token: string): Promise<void>;
  /** Send the check report with `token`; failures are ignored (the next one comes in 60 s). */
  sendCheck(body: CheckBody, token: string): Promise<boolean>;
  /** The trace id from the service, or undefined when it gave none in time. */
  requestTraceId(appId: string): Promise<string | undefined>;
  /** The gzip bytes of a batch body, ready for the page-hide beacon (client.ts). */
  gzipBatch(body: BatchBody): Promise<Uint8Array>;
}

export function createReporter(options: ReporterOptions): Reporter {
  const { config, transport, url, now, sleep } = options;
  const { limits, endpoints } = config;
  const gzip = options.gzip ?? ((text: string) => gzipText(text, browserGzipDeps()));
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = limits.uploadTimeoutMs) =>
    transport.post(url(path), JSON.stringify(body), { "content-type": "application/json", ...headers }, timeoutMs);

  /** A missing-data report about `failure`, counting the events the buffer dropped so far. */
  const missingReport = (buffer: EventBuffer, envelope: Envelope, failure: Pick<MissingBody, "httpStatus" | "code" | "msg" | "retry" | "batchSize">): MissingBody => {
    const dropped = buffer.dropped();
    return {
      appId: envelope.appId,
      ...(envelope.subAppId === undefined ? {} : { subAppId: envelope.subAppId }),
      timestamp: Math.round(now()),
      sdkVersion: envelope.sdkVersion,
      appVersion: envelope.appVersion,
      ...failure,
      api: endpoints.batch,
      ...(dropped > 0 ? { dropped } : {}),
    };
  };
  /** Send a missing-data report; once accepted, the drops it counted leave the buffer's count. */
  const sendMissing = async (buffer: EventBuffer, missing: MissingBody, token: string): Promise<void> => {
    const answer = await postJson(endpoints.missing, missing, { [ANALYTICS_TOKEN_HEADER]: token }).catch(() => undefined);
    if (answer !== undefined && accepted(answer) && missing.dropped !== undefined) buffer.dropsReported(missing.dropped);
  };

  /** Post `entries` with retries; accepted, they leave the buffer. */
  const uploadEntries = async (buffer: EventBuffer, entries: ReturnType<EventBuffer["peek"]>, envelope: Envelope, traceId: string, token: string): Promise<FlushOutcome> => {
    const text = JSON.stringify(batchBodyOf(envelope, traceId, entries));
    const payload = config.compress ? await gzip(text) : text;
    const contentType = config.compress ? "application/octet-stream" : "application/json";
    let last: HttpAnswer | Error = new Error("not attempted");
    for (let attempt = 0; attempt <= limits.retries; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs(attempt));
      try {
        const headers = {
          "content-type": contentType,
          [ANALYTICS_HEADERS.postTime]: String(Math.round(now())),
          [ANALYTICS_HEADERS.retryCount]: String(attempt),
          [ANALYTICS_TOKEN_HEADER]: token,
        };
        last = await transport.post(url(endpoints.batch), payload, headers, limits.uploadTimeoutMs);
        if (accepted(last)) {
          buffer.remove(entries.map((e) => e.id));
          return { ok: true, sent: entries.length };
        }
      } catch (error) {
        last = error instanceof Error ? error : new Error(String(error));
      }
    }
    const missing = missingReport(buffer, envelope, { ...describeFailure(last), retry: limits.retries, batchSize: entries.length });
    // The report itself is best effort: the events stay buffered for the next round either way.
    await sendMissing(buffer, missing, token);
    return { ok: false, missing };
  };

  return {
    async flushBatch(buffer, envelope, traceId, token) {
      const entries = buffer.peek(limits.bufferEntries);
      if (entries.length === 0) return { ok: true, sent: 0 };
      // From the first post on, any attempt may be accepted (a refused answer can follow a
      // request that arrived): the page-hide beacon leaves these entries to this upload.
      const release = buffer.carry(entries.map((e) => e.id));
      try {
        return await uploadEntries(buffer, entries, envelope, traceId, token);
      } finally {
        release();
      }
    },
    async reportDrops(buffer, envelope, token) {
      if (buffer.dropped() === 0) return;
      const msg = `the local buffer keeps at most ${limits.bufferEntries} events and ${limits.bufferBytes} bytes; its oldest events were dropped`;
      await sendMissing(buffer, missingReport(buffer, envelope, { httpStatus: 0, code: BUFFER_OVERFLOW_CODE, msg, retry: 0, batchSize: 0 }), token);
    },
    async sendCheck(body, token) {
      try {
        return accepted(await postJson(endpoints.check, body, { [ANALYTICS_TOKEN_HEADER]: token }));
      } catch {
        return false;
      }
    },
    gzipBatch: (body) => gzip(JSON.stringify(body)),
    async requestTraceId(appId) {
      try {
        const answer = await postJson(endpoints.traceId, {}, { [ANALYTICS_HEADERS.appId]: appId }, limits.traceIdTimeoutMs);
        const parsed = traceIdAnswerSchema.safeParse(answer.body);
        if (!parsed.success || parsed.data.code !== ANALYTICS_SUCCESS_CODE) return undefined;
        const id = parsed.data.result?.trim();
        return id && id.length <= 128 ? id : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
