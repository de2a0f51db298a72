/**
 * The analytics tracking host (spec §7) on the service's own origin: the endpoints the
 * browser's analytics client calls (paths and payloads in schemas/analytics.ts). Every
 * report is checked in this order: who sends it (ingestAuth.ts: session or analytics token,
 * else 401), its payload by the contract's schema (400, 413), the quotas (ingestQuotas.ts,
 * 429); then every event becomes a row of analytics_events under the sender's app and order,
 * and its facts go to the dashboard's counters in the same transaction.
 * Answers are `{ code: "10000" }`, the only code the client counts as accepted; refusals are
 * the service's usual JSON errors, so the client keeps the events and retries.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import {
  ANALYTICS_HEADERS,
  ANALYTICS_PATHS,
  ANALYTICS_SUCCESS_CODE,
  PAYLOAD_MAX_CHARS,
  appIdSchema,
  batchBodySchema,
  beaconQuerySchema,
  checkBodySchema,
  missingBodySchema,
  singleBodySchema,
  type AnalyticsAnswer,
  type TraceIdAnswer,
} from "../../../schemas/analytics";
import { API_ERROR_CODES } from "../../../schemas/api";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import { randomHex } from "../runtime";
import type { AnalyticsEventInput, FactsOf } from "../store/analyticsEvents";
import type { AnalyticsTokens } from "./analyticsToken";
import { decodeReport, inflateBounded, integerHeader, MAX_BODY_BYTES } from "./decodeBody";
import { batchRows, checkRow, missingRow, singleRows, type Delivery } from "./eventRows";
import { ingestIdentity } from "./ingestAuth";
import type { IngestQuotas } from "./ingestQuotas";

/** A transparent 1×1 GIF: what an image beacon expects back. */
const PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
/** Single reports are capped by the contract; a little room for UTF-8 multi-byte characters. */
const SINGLE_BODY_BYTES = PAYLOAD_MAX_CHARS * 4;
/** Small reports (missing, check, trace-id). */
const SMALL_BODY_BYTES = 16 * 1024;

const ACCEPTED: AnalyticsAnswer = { code: ANALYTICS_SUCCESS_CODE };

interface IngestDeps {
  tokens: AnalyticsTokens;
  quotas: IngestQuotas;
  /** What a stored event adds to the dashboard's counters (dashboard/eventFacts.ts). */
  factsOf: FactsOf;
}

/**
 * The single report's JSON text must stay within the contract's character cap, whatever its
 * encoding: a gzip body (bytes) is measured inflated, and inflating stops a little past the
 * cap's bytes, so a small gzip cannot carry a report of any size past the cap.
 */
function singleText(request: FastifyRequest): unknown {
  const body = request.body;
  const text = Buffer.isBuffer(body) ? inflateBounded(body, SINGLE_BODY_BYTES) : typeof body === "string" ? body : request.rawBody;
  if (text.length > PAYLOAD_MAX_CHARS) {
    throw new HttpError(413, API_ERROR_CODES.payloadTooLarge, `payload is at most ${PAYLOAD_MAX_CHARS} characters`);
  }
  return Buffer.isBuffer(body) ? text : body;
}

/** Registers the ingest in an encapsulated scope: its octet-stream parser stays out of the rest of the API. */
export async function registerIngestRoutes(app: FastifyInstance, ctx: ServiceContext, limiter: preHandlerAsyncHookHandler, deps: IngestDeps): Promise<void> {
  /** Authenticate, decode, count against the quotas, store: in that order, so a refused sender costs no inflating. */
  const ingest = async (request: FastifyRequest, decode: (delivery: Delivery) => AnalyticsEventInput[]): Promise<void> => {
    const identity = await ingestIdentity(ctx, deps.tokens, request);
    integerHeader(request.headers[ANALYTICS_HEADERS.retryCount], ANALYTICS_HEADERS.retryCount);
    const postTime = integerHeader(request.headers[ANALYTICS_HEADERS.postTime], ANALYTICS_HEADERS.postTime);
    const rows = decode({ receivedAt: ctx.clock.now(), postTime, appId: identity.appId, orderNo: identity.orderNo });
    await deps.quotas.take(identity, rows.length);
    await ctx.store.analyticsEvents.insertMany(rows, deps.factsOf);
  };

  await app.register(async (scope) => {
    // gzip bodies arrive as bytes; decodeBody inflates them with a bounded output.
    scope.addContentTypeParser("application/octet-stream", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    // The page-hide beacon's gzip batch comes without a content type (sendBeacon refuses a Blob
    // typed octet-stream, src/analytics/transport.ts): read as bytes too. fastify's catch-all
    // parser also sees every other unknown type, which stays refused.
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (request, body, done) => {
      if (request.headers["content-type"] === undefined) return done(null, body);
      done(new HttpError(415, API_ERROR_CODES.unsupportedMediaType, "analytics reports are JSON, text/plain JSON or gzip bytes"), undefined);
    });

    scope.post(ANALYTICS_PATHS.batch, { preHandler: limiter, bodyLimit: MAX_BODY_BYTES }, async (request) => {
      await ingest(request, (delivery) => batchRows(decodeReport(batchBodySchema, request.body, "analytics batch"), delivery));
      return ACCEPTED;
    });

    scope.post(ANALYTICS_PATHS.single, { preHandler: limiter, bodyLimit: SINGLE_BODY_BYTES }, async (request) => {
      await ingest(request, (delivery) => singleRows(decodeReport(singleBodySchema, singleText(request), "analytics report"), delivery));
      return ACCEPTED;
    });

    scope.get(ANALYTICS_PATHS.single, { preHandler: limiter }, async (request, reply) => {
      await ingest(request, (delivery) => {
        const { d } = parseOr400(beaconQuerySchema, request.query, "beacon query");
        return singleRows(decodeReport(singleBodySchema, d, "analytics report"), delivery);
      });
      return reply.type("image/gif").send(PIXEL_GIF);
    });

    scope.post(ANALYTICS_PATHS.missing, { preHandler: limiter, bodyLimit: SMALL_BODY_BYTES }, async (request) => {
      await ingest(request, (delivery) => [missingRow(decodeReport(missingBodySchema, request.body, "missing-data report"), delivery)]);
      return ACCEPTED;
    });

    scope.post(ANALYTICS_PATHS.check, { preHandler: limiter, bodyLimit: SMALL_BODY_BYTES }, async (request) => {
      await ingest(request, (delivery) => [checkRow(decodeReport(checkBodySchema, request.body, "check report"), delivery)]);
      return ACCEPTED;
    });

    // Stores nothing, so it needs no session: the page asks for its trace id before logging in.
    scope.post(ANALYTICS_PATHS.traceId, { preHandler: limiter, bodyLimit: SMALL_BODY_BYTES }, async (request): Promise<TraceIdAnswer> => {
      parseOr400(appIdSchema, request.headers[ANALYTICS_HEADERS.appId], `header ${ANALYTICS_HEADERS.appId}`);
      // Unguessable, so one user's events cannot be attributed to another's trace by guessing.
      return { code: ANALYTICS_SUCCESS_CODE, result: randomHex(ctx.randomBytes, 16) };
    });
  });
}
