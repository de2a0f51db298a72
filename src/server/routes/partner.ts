/**
 * Partner API (server to server, every request signed: auth/partnerAuth.ts):
 * - `POST /partner/v1/orders` → 201 { orderNo, h5_face_id, launchUrl, expiresAt }
 * - `GET /partner/v1/orders/:orderNo` → the order's state, signed result and attempts
 * - `POST /partner/v1/orders/:orderNo/launches` → 201 a fresh launch URL for an unfinished order
 * (and, unsigned, `GET /partner/v1/openapi.json`: routes/partnerOpenApi.ts)
 * An app only ever sees its own orders (another app's order number reads as not found).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod";
import { API_ERROR_CODES, createOrderRequestSchema, relaunchRequestSchema, type OrderView } from "../../../schemas/api";
import { authenticatePartner } from "../auth/partnerAuth";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { createOrder } from "../orders/createOrder";
import { issueLaunch } from "../orders/launch";
import { orderViewOf } from "../orders/orderView";
import { refuseIfPurged } from "../orders/lockOpenOrder";
import { withCurrentSignatures } from "../orders/resultPayload";
import type { AppRecord } from "../store/apps";
import type { OrderRecord } from "../store/orders";

/** The `:orderNo` of the order routes (also described by the OpenAPI document, openapi/partnerOpenApi.ts). */
export const partnerOrderParamsSchema = z.object({ orderNo: z.string().max(128) });

async function ownOrder(ctx: ServiceContext, app: AppRecord, request: FastifyRequest): Promise<OrderRecord> {
  const { orderNo } = parseOr400(partnerOrderParamsSchema, request.params, "path");
  const order = await ctx.store.orders.get(orderNo);
  if (order === null || order.appId !== app.appId) throw new HttpError(404, API_ERROR_CODES.orderNotFound, `no order ${orderNo}`);
  return order;
}

/**
 * An order may carry a reference photo: up to 3,000,000 base64 characters by its schema
 * (createOrderRequestSchema), which the service's 64 KB default for JSON bodies would refuse
 * as a bare 413 before the photo's own check (REFERENCE_PHOTO_INVALID) could say what is wrong.
 */
const ORDER_BODY_LIMIT = 3_000_000 + 64 * 1024;

export function registerPartnerRoutes(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  const preHandler = limiters.partner;

  app.post("/partner/v1/orders", { preHandler, bodyLimit: ORDER_BODY_LIMIT }, async (request, reply) => {
    const partner = await authenticatePartner(ctx, request);
    const body = parseOr400(createOrderRequestSchema, request.body, "body");
    return reply.code(201).send(await createOrder(ctx, partner, body));
  });

  app.get("/partner/v1/orders/:orderNo", { preHandler }, async (request): Promise<OrderView> => {
    const partner = await authenticatePartner(ctx, request);
    const order = await ownOrder(ctx, partner, request);
    // One snapshot: a verdict recorded meanwhile shows whole (state, attempt and result) or not at all.
    const view = await ctx.store.transaction((tx) => orderViewOf(tx, order), { readOnly: true });
    return view.result === null ? view : { ...view, result: withCurrentSignatures(view.result, partner) };
  });

  app.post("/partner/v1/orders/:orderNo/launches", { preHandler }, async (request, reply) => {
    const partner = await authenticatePartner(ctx, request);
    const order = await ownOrder(ctx, partner, request);
    const body = parseOr400(relaunchRequestSchema, request.body ?? {}, "body");
    if (order.state === "passed" || order.state === "failed") {
      throw new HttpError(409, API_ERROR_CODES.orderFinished, "the order is finished; create a new one");
    }
    refuseIfPurged(order);
    const ttl = body.expiresInSec ?? partner.options.launchTtlSec ?? ctx.defaultLaunchTtlSec;
    return reply.code(201).send(await issueLaunch(ctx, order, partner.secret, ttl));
  });
}
