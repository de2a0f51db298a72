/**
 * Staff order search and order view, behind the admin token (analytics/dashboard/adminAuth.ts):
 * - `GET /admin/orders`: the search (orderListPage.ts), 50 orders a page;
 * - `GET /admin/orders/:orderNo`: the order view (orderDetailPage.ts);
 * - `GET /admin/orders/:orderNo/attempts/:seq/recording` and `.../evidence/:frame`: the
 *   attempt's recording and the device's evidence frames, streamed from the media store.
 * Everything here is personal data: no browser or proxy may keep it (no-store), no search
 * engine may index it, and media is sent as the type it was stored as, never sniffed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { API_ERROR_CODES } from "../../../../schemas/api";
import { attemptParamsSchema, evidenceParamsSchema, orderParamsSchema, orderSearchQuerySchema, redeliverParamsSchema, type OrderSearchQuery } from "../../../../schemas/staffOrders";
import type { ServiceContext } from "../../context";
import { HttpError, parseOr400 } from "../../http/errors";
import { MediaNotFoundError } from "../../media/store/mediaStore";
import type { OrderSearchFilter } from "../../store/orderSearch";
import type { createAdminAuth } from "../../analytics/dashboard/adminAuth";
import { escapeHtml, renderStaffPage } from "../staffPage";
import type { StaffTexts } from "../staffTexts";
import { renderOrderDetail, type OrderDetail } from "./orderDetailPage";
import { renderOrderList } from "./orderListPage";
import { orderPath as orderPathOf } from "./orderWords";

const PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

interface OrderRoutesOptions {
  auth: ReturnType<typeof createAdminAuth>;
  texts: StaffTexts;
  limiter: preHandlerAsyncHookHandler;
}

const privateHeaders = (reply: FastifyReply) =>
  reply.header("cache-control", "no-store, private").header("x-robots-tag", "noindex").header("x-content-type-options", "nosniff");

/** The store's filter from a parsed query: empty fields filter nothing, dates are whole UTC days. */
function filterOf(q: OrderSearchQuery): OrderSearchFilter {
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const [createdAt, orderNo] = q.before ? [Number(q.before.slice(0, q.before.indexOf("."))), q.before.slice(q.before.indexOf(".") + 1)] : [];
  return {
    ...(q.order ? { orderPrefix: q.order } : {}),
    ...(q.user ? { userId: q.user } : {}),
    ...(q.app ? { appId: q.app } : {}),
    ...(q.from ? { since: dayStart(q.from) } : {}),
    ...(q.to ? { until: dayStart(q.to) + DAY_MS } : {}),
    outcome: q.outcome,
    reached: q.reached,
    ...(q.code ? { code: q.code } : {}),
    ...(createdAt !== undefined && orderNo !== undefined ? { before: { createdAt, orderNo } } : {}),
    limit: PAGE_SIZE + 1,
  };
}

/** The next page's query string: this query with `before` at the last row shown. */
function olderQuery(q: OrderSearchQuery, last: { createdAt: number; orderNo: string }): string {
  const params = new URLSearchParams();
  for (const key of ["order", "user", "app", "from", "to", "outcome", "reached", "code"] as const) {
    const value = q[key];
    if (value) params.set(key, value);
  }
  params.set("before", `${last.createdAt}.${last.orderNo}`);
  return params.toString();
}

export function registerOrderRoutes(app: FastifyInstance, ctx: ServiceContext, options: OrderRoutesOptions): void {
  const { auth, texts } = options;
  const admit = (request: FastifyRequest, reply: FastifyReply) => auth.admit(request, reply);
  const html = (reply: FastifyReply, body: string, status = 200) => privateHeaders(reply).code(status).type("text/html; charset=utf-8").send(body);

  app.get("/admin/orders", { preHandler: options.limiter }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const words = texts.forRequest(request, reply);
    const apps = await ctx.store.apps.ids();
    const parsed = orderSearchQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      const problem = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      const asked = (typeof request.query === "object" && request.query !== null ? request.query : {}) as Partial<OrderSearchQuery>;
      const refill = Object.fromEntries(Object.entries(asked).filter(([, v]) => typeof v === "string")) as Partial<OrderSearchQuery>;
      return html(reply, renderOrderList({ words, url: request.url, query: refill, problem, apps, rows: [], older: null }), 400);
    }
    const rows = await ctx.store.orderSearch.search(filterOf(parsed.data));
    const shown = rows.slice(0, PAGE_SIZE);
    const last = shown.at(-1);
    const older = rows.length > PAGE_SIZE && last ? olderQuery(parsed.data, last) : null;
    return html(reply, renderOrderList({ words, url: request.url, query: parsed.data, problem: null, apps, rows: shown, older }));
  });

  app.get("/admin/orders/:orderNo", { preHandler: options.limiter }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const words = texts.forRequest(request, reply);
    const { orderNo } = parseOr400(orderParamsSchema, request.params, "order number");
    const detail = await ctx.store.transaction(
      async (tx): Promise<OrderDetail | null> => {
        const order = await tx.orders.get(orderNo);
        if (order === null) return null;
        const recordings = new Map((await tx.recordings.listByOrder(orderNo)).map((r) => [r.attemptId, r]));
        const records = await tx.attempts.list(orderNo);
        const attempts = await Promise.all(
          records.map(async (record) => {
            // A pending attempt whose job is queued or running is being verified, as the partner's view says.
            const job = record.status === "pending" ? await tx.verifyJobs.get(record.id) : null;
            const status = job !== null && job.state !== "done" ? ("verifying" as const) : record.status;
            return { record, status, recording: recordings.get(record.id) ?? null };
          }),
        );
        return { order, attempts, result: (await tx.results.get(orderNo))?.payload ?? null, webhooks: await tx.webhooks.listByOrder(orderNo) };
      },
      { readOnly: true },
    );
    if (detail === null) {
      const title = words.t("order.notFound", { orderNo });
      return html(reply, renderStaffPage({ words, url: request.url, section: "orders", title, body: `<p><a href="/admin/orders">← ${escapeHtml(words.t("order.back"))}</a></p>` }), 404);
    }
    return html(reply, renderOrderDetail(words, request.url, detail, "/admin/orders"));
  });

  // Staff send an event again: due now, whatever its state; its earlier sends stay listed.
  // The button is a form: its empty urlencoded body is accepted here and nowhere else.
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    scope.post("/admin/orders/:orderNo/webhooks/:eventId/redeliver", { preHandler: options.limiter }, async (request, reply) => {
      if (!admit(request, reply)) return reply;
      const { orderNo, eventId } = parseOr400(redeliverParamsSchema, request.params, "webhook event");
      const event = await ctx.store.webhooks.get(eventId);
      if (event === null || event.orderNo !== orderNo) throw new HttpError(404, API_ERROR_CODES.notFound, "no such webhook event for this order");
      await ctx.store.webhooks.redeliver(eventId, ctx.clock.now());
      return privateHeaders(reply).code(303).header("location", `${orderPathOf(orderNo)}#${eventId}`).send();
    });
  });

  /** Streams a stored file; 404 when it is gone (the retention job deleted it, or it never was). */
  const sendMedia = async (reply: FastifyReply, key: string, contentType: string, bytes: number | null) => {
    let body;
    try {
      body = await ctx.media.open(key);
    } catch (error) {
      if (error instanceof MediaNotFoundError) throw new HttpError(404, API_ERROR_CODES.notFound, "this media is not stored (deleted after the retention period, or never received)");
      throw error;
    }
    privateHeaders(reply).type(contentType).header("content-disposition", "inline");
    if (bytes !== null) reply.header("content-length", bytes);
    return reply.send(body);
  };

  app.get("/admin/orders/:orderNo/attempts/:seq/recording", { preHandler: options.limiter }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const { orderNo, seq } = parseOr400(attemptParamsSchema, request.params, "attempt");
    const attempt = await ctx.store.attempts.bySeq(orderNo, seq);
    const recording = attempt === null ? undefined : (await ctx.store.recordings.listByOrder(orderNo)).find((r) => r.attemptId === attempt.id);
    if (!recording) throw new HttpError(404, API_ERROR_CODES.notFound, "this attempt has no recording");
    return sendMedia(reply, recording.path, recording.mimeType, recording.bytes);
  });

  app.get("/admin/orders/:orderNo/attempts/:seq/evidence/:frame", { preHandler: options.limiter }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const { orderNo, seq, frame } = parseOr400(evidenceParamsSchema, request.params, "evidence frame");
    const attempt = await ctx.store.attempts.bySeq(orderNo, seq);
    // Only the frames the attempt's guidance report says were sent: the key is built, never taken from the request.
    if (attempt === null || frame >= (attempt.guidance?.evidenceAtMs.length ?? 0)) throw new HttpError(404, API_ERROR_CODES.notFound, "no such evidence frame");
    return sendMedia(reply, `${orderNo}/${seq}-evidence/${String(frame).padStart(2, "0")}.jpg`, "image/jpeg", null);
  });
}
