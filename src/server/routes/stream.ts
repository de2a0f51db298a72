/**
 * `GET /api/v1/stream` (WebSocket): frame streaming for the `/action/ws/record` mode. The
 * protocol lives in stream/socket.ts; this route binds it to the session cookie of the
 * upgrade request, opens an attempt on `start`, judges the stream on `end` and closes the
 * attempt as abandoned when the stream ends without a verdict.
 */
import type {} from "@fastify/websocket"; // the { websocket: true } route option
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import { sessionOfRequest } from "../auth/session";
import type { ServiceContext } from "../context";
import type { RateLimitHooks } from "../http/security";
import { recordVerdict, rejectAttempt } from "../orders/verdict";
import { judgeStream } from "../orders/streamChecks";
import { handleStreamSocket } from "../stream/socket";
import type { OrderResolution, StreamSocket } from "../stream/streamContract";
import type { StreamClock } from "../stream/streamClock";

interface StreamOrder {
  orderNo: string;
  attemptId: number;
  digits: string | null;
  kind: { liveType: "1" | "2" | "3"; actions: string[]; will: boolean };
}

export function registerStreamRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks, clock: StreamClock): void {
  app.get("/api/v1/stream", { websocket: true, preHandler: limiters.session }, (socket: StreamSocket, request) => {
    const active = sessionOfRequest(ctx, request);

    const resolveOrder = async (orderNo: string): Promise<OrderResolution<StreamOrder>> => {
      if (active === null) return { ok: false, code: API_ERROR_CODES.sessionInvalid, message: "no valid session: open the launch link again" };
      if (orderNo !== active.order.orderNo) return { ok: false, code: API_ERROR_CODES.sessionInvalid, message: "orderNo is not this session's order" };
      const order = ctx.store.orders.get(orderNo);
      if (order === null || order.state === "passed" || order.state === "failed") {
        return { ok: false, code: API_ERROR_CODES.orderFinished, message: "this verification is already finished" };
      }
      const opened = ctx.store.transaction(() => {
        const now = ctx.clock.now();
        // Number mode: the stream answers the digits handed out last (GET /api/v1/digits).
        const digits = order.liveType === "1" ? (ctx.store.attempts.latestPending(orderNo, "upload")?.digits ?? null) : null;
        if (order.liveType === "1" && digits === null) return null;
        ctx.store.attempts.abandonPending(orderNo, now);
        return { attempt: ctx.store.attempts.open(orderNo, "stream", digits, now), digits };
      });
      if (opened === null) return { ok: false, code: API_ERROR_CODES.digitsRequired, message: "fetch digits (GET /api/v1/digits) before streaming" };
      return {
        ok: true,
        order: {
          orderNo,
          attemptId: opened.attempt.id,
          digits: opened.digits,
          kind: { liveType: order.liveType, actions: [...order.actions], will: order.will !== null },
        },
      };
    };

    void handleStreamSocket<StreamOrder>(socket, {
      resolveOrder,
      onFinished: async (order, summary) =>
        recordVerdict(ctx, order.orderNo, order.attemptId, judgeStream(summary, order.kind, order.digits, ctx.limits), null),
      onAbandoned: (order, info) => {
        if (info.code === null) {
          ctx.store.attempts.finish(order.attemptId, { status: "abandoned", code: info.reason }, ctx.clock.now());
        } else {
          rejectAttempt(ctx, order.attemptId, info.code, info.message, "stream");
        }
      },
      clock,
      limits: ctx.limits.stream,
    });
  });
}
