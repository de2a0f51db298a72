/**
 * The staff pages' shared pieces on the service: the stylesheet every staff page links, and
 * the order search and order view (orders/orderRoutes.ts). Registered with the dashboard, only
 * when an admin token is configured: without one none of these exist (404 like any path).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ServiceContext } from "../context";
import { createAdminAuth } from "../analytics/dashboard/adminAuth";
import { registerOrderRoutes } from "./orders/orderRoutes";
import { STAFF_CSS, STAFF_PATHS } from "./staffPage";
import type { StaffTexts } from "./staffTexts";

export function registerStaffRoutes(app: FastifyInstance, ctx: ServiceContext, options: { adminToken: string; limiter: preHandlerAsyncHookHandler; texts: StaffTexts }): void {
  const { texts } = options;
  const auth = createAdminAuth(options.adminToken);
  // Static and secret-free, so served without the token, as the dashboard's own assets are.
  app.get(STAFF_PATHS.css, async (_request, reply) => reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=300").send(STAFF_CSS));
  registerOrderRoutes(app, ctx, { auth, texts, limiter: options.limiter });
}
