/**
 * The demo partner's backend, for the /entry, /srcEntry and /liveEntry pages: the service
 * plays the partner for app TIDA0001 so the browser never holds the app secret.
 * - `POST /demo/v1/orders` → 201 a launch URL whose return URL is one of the demo pages;
 * - `POST /demo/v1/verify` → whether the query the demo page came back with verifies.
 * Turned off with FACEFLOW_DEMO=off.
 */
import type { FastifyInstance } from "fastify";
import { verifyReturnPayload } from "@faceflow/partner";
import {
  demoOrderRequestSchema,
  demoVerifyRequestSchema,
  type DemoVerifyResponse,
} from "../../../schemas/api";
import type { ServiceContext } from "../context";
import { parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { createOrder } from "../orders/createOrder";
import { DEMO_APP_ID } from "../apps";
import type { AppRecord } from "../store/apps";
const DEMO_USER_ID = "demo-user";

async function demoApp(ctx: ServiceContext): Promise<AppRecord> {
  const app = await ctx.store.apps.get(DEMO_APP_ID);
  if (app === null) throw new Error(`demo app ${DEMO_APP_ID} is missing from the store`);
  return app;
}

export function registerDemoRoutes(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  const preHandler = limiters.demo;

  app.post("/demo/v1/orders", { preHandler }, async (request, reply) => {
    const body = parseOr400(demoOrderRequestSchema, request.body, "body");
    const { returnRoute, lang, ...order } = body;
    const launch = await createOrder(ctx, await demoApp(ctx), {
      ...order,
      ...(lang !== undefined ? { launch: { ...order.launch, lang } } : {}),
      userId: DEMO_USER_ID,
      returnUrl: `${ctx.publicOrigin()}/#/${returnRoute ?? "entry"}`,
    });
    return reply.code(201).send(launch);
  });

  app.post("/demo/v1/verify", { preHandler }, async (request): Promise<DemoVerifyResponse> => {
    const { query } = parseOr400(demoVerifyRequestSchema, request.body, "body");
    const verdict = verifyReturnPayload(DEMO_APP_ID, (await demoApp(ctx)).secret, query);
    const order = verdict.payload ? await ctx.store.orders.get(verdict.payload.orderNo) : null;
    return {
      valid: verdict.valid,
      payload: verdict.payload,
      order:
        order && order.appId === DEMO_APP_ID
          ? { state: order.state, attempts: (await ctx.store.attempts.list(order.orderNo)).length }
          : null,
    };
  });
}
