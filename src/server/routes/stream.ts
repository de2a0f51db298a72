/**
 * `GET /api/v1/stream` (WebSocket): frame streaming for the `/action/ws/record` mode. The
 * protocol lives in stream/socket.ts; this route refuses an upgrade from another site's page
 * (its Origin, auth/ownOrigin.ts) with a 403 before any WebSocket exists, binds the stream to
 * the session of the upgrade request (its cookie) or of the start message's token (a cookie-less
 * page), refuses orders whose launch did not enable streaming (ws_mode_switch), opens an
 * attempt on `start`, stores each accepted frame in the media store with the service's arrival time, and
 * on `end` queues the frames for verification like a recording. A stream that ends without
 * `end` closes its attempt as abandoned and its frames are removed.
 */
import type {} from "@fastify/websocket"; // the { websocket: true } route option
import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import type { VerifyJobInput } from "../../../schemas/verifyJob";
import { isOwnOrigin } from "../auth/ownOrigin";
import { sessionFromToken, sessionOfRequest } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { platformOf } from "../limits";
import { durationRangeFor } from "../media/captureLimits";
import { rejectAttempt } from "../orders/verdict";
import { acceptDeviceInfo } from "../orders/deviceInfo";
import type { AttemptRecord } from "../store/attempts";
import type { OrderRecord } from "../store/orders";
import { askOf } from "../upload/queueRecording";
import { lightModes } from "../light/lightModes";
import { createFrameSpool, type FrameSpool } from "../stream/frameSpool";
import { handleStreamSocket, StreamRefusedError } from "../stream/socket";
import type { OrderResolution, StreamSocket } from "../stream/streamContract";
import type { StreamClock } from "../stream/streamClock";

interface StreamOrder {
  order: OrderRecord;
  attemptId: number;
  seq: number;
  /** The stream's attempt as opened: its digits, light and the live type it is judged in. */
  attempt: AttemptRecord;
  /** The frames' folder in the media store (`<orderNo>/<seq>-stream`). */
  dir: string;
  /** Stores the frames under `dir` as they arrive. */
  spool: FrameSpool;
  frames: { file: string; atMs: number }[];
  /** The mode's longest duration plus tolerance (or the decoder's limit when the mode has none). */
  maxDurationMs: number;
}

export function registerStreamRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks, clock: StreamClock): void {
  const refuseOtherOrigins = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!isOwnOrigin(origin, ctx.publicOrigin(), request.headers.host)) {
      throw new HttpError(403, API_ERROR_CODES.originNotAllowed, `the stream opens only from the service's own pages, not from ${origin ?? "(none)"}`);
    }
  };
  app.get("/api/v1/stream", { websocket: true, preHandler: [refuseOtherOrigins, limiters.session] }, (socket: StreamSocket, request) => {
    const platform = platformOf(request.headers["user-agent"]);

    const resolveOrder = async (orderNo: string, sessionToken?: string, deviceInfoText?: string): Promise<OrderResolution<StreamOrder>> => {
      let deviceInfo: string | null;
      try {
        deviceInfo = acceptDeviceInfo(deviceInfoText);
      } catch (error) {
        if (error instanceof HttpError) return { ok: false, code: error.code, message: error.message };
        throw error;
      }
      const active = (await sessionOfRequest(ctx, request)) ?? (await sessionFromToken(ctx, sessionToken));
      if (active === null) return { ok: false, code: API_ERROR_CODES.sessionInvalid, message: "no valid session: open the launch link again" };
      if (orderNo !== active.order.orderNo) return { ok: false, code: API_ERROR_CODES.sessionInvalid, message: "orderNo is not this session's order" };
      const order = await ctx.store.orders.get(orderNo);
      if (order === null || order.state === "passed" || order.state === "failed") {
        return { ok: false, code: API_ERROR_CODES.orderFinished, message: "this verification is already finished" };
      }
      // Streaming is a mode the partner's launch turns on; an order without it takes recordings only.
      if (order.launchOptions.ws_mode_switch !== "1") {
        return { ok: false, code: API_ERROR_CODES.streamNotEnabled, message: "this order's launch did not enable frame streaming" };
      }
      if (await ctx.store.attempts.verifying(orderNo)) {
        return { ok: false, code: API_ERROR_CODES.verificationInProgress, message: "the previous attempt is still being verified" };
      }
      const opened = await ctx.store.transaction(async (tx) => {
        const now = ctx.clock.now();
        const locked = await tx.orders.lock(orderNo);
        // Finished meanwhile (another instance's verdict): checked again under the lock.
        if (locked === null || locked.state === "passed" || locked.state === "failed") return "finished" as const;
        // The stream answers the challenge handed out last (GET /api/v1/digits, GET /api/v1/light):
        // its digits, light and judged live type pass to the stream's own attempt, and the
        // pending one is consumed (abandoned) below.
        const pending = await tx.attempts.latestPending(orderNo, "upload");
        const alternative = pending?.liveType === "1" && pending.digits !== null;
        const digits = order.liveType === "1" || alternative ? (pending?.digits ?? null) : null;
        if (order.liveType === "1" && digits === null) return "digits" as const;
        const showsLight = lightModes(ctx.checks, order.liveType, order.will !== null) && !alternative;
        const light = showsLight ? (pending?.light ?? null) : null;
        if (showsLight && light === null) return "light" as const;
        await tx.attempts.abandonPending(orderNo, now);
        const attempt = await tx.attempts.open(orderNo, "stream", digits, now, { light, liveType: alternative ? "1" : null });
        await tx.attempts.keepDeviceInfo(attempt.id, deviceInfo);
        return { attempt };
      });
      if (opened === "finished") return { ok: false, code: API_ERROR_CODES.orderFinished, message: "this verification is already finished" };
      if (opened === "digits") return { ok: false, code: API_ERROR_CODES.digitsRequired, message: "fetch digits (GET /api/v1/digits) before streaming" };
      if (opened === "light") return { ok: false, code: API_ERROR_CODES.lightRequired, message: "fetch the light (GET /api/v1/light) before streaming" };
      const dir = `${order.orderNo}/${opened.attempt.seq}-stream`;
      const judgedAs = opened.attempt.liveType ?? order.liveType;
      const range = durationRangeFor(ctx.limits, { liveType: judgedAs, actions: judgedAs === order.liveType ? order.actions : [], will: order.will !== null, light: opened.attempt.light !== null });
      const maxDurationMs = (range?.max ?? ctx.limits.verification.limits.maxDurationMs) + ctx.limits.durationMs.toleranceMs;
      return { ok: true, order: { order, attempt: opened.attempt, attemptId: opened.attempt.id, seq: opened.attempt.seq, dir, spool: createFrameSpool(ctx.media, dir), frames: [], maxDurationMs } };
    };

    void handleStreamSocket<StreamOrder>(socket, {
      resolveOrder,
      async onFrame(current, frame) {
        // The stream may last no longer than the mode allows, on the service's clock: the
        // verification of a longer one would only fail on duration after all its work.
        const first = current.frames[0]?.atMs ?? frame.receivedAtMs;
        if (frame.receivedAtMs - first > current.maxDurationMs) {
          throw new StreamRefusedError(API_ERROR_CODES.videoTooLong, `the stream ran past the ${current.maxDurationMs} ms allowed`);
        }
        const file = `${String(frame.index).padStart(5, "0")}.jpg`;
        current.frames.push({ file, atMs: frame.receivedAtMs });
        await current.spool.add(file, frame.jpeg);
      },
      async onFinished(current, _summary, end) {
        const { order } = current;
        // Every frame stored before the job is queued: a worker on another machine reads them from the store.
        await current.spool.flush();
        const input: VerifyJobInput = {
          attemptId: current.attemptId,
          orderNo: order.orderNo,
          source: { kind: "frames", dir: current.dir, frames: current.frames },
          // A stream carries no prompt times: each action is looked for after the one before it.
          // Its light times count from the first frame sent (the end message's).
          ask: askOf(order, current.attempt, { prompts: [], light: end.light }),
          referencePhoto: order.referencePhoto,
          platform,
        };
        await ctx.store.transaction(async (tx) => {
          // An upload sent while the stream ran supersedes it (its attempt abandoned), and only one
          // recording of an order is verified at a time.
          const locked = await tx.orders.lock(order.orderNo);
          if (locked === null || locked.state === "passed" || locked.state === "failed") {
            throw new StreamRefusedError(API_ERROR_CODES.orderFinished, "this verification is already finished");
          }
          if ((await tx.attempts.get(current.attemptId))?.status !== "pending" || (await tx.attempts.verifying(order.orderNo))) {
            throw new StreamRefusedError(API_ERROR_CODES.verificationInProgress, "another recording of this order is being verified");
          }
          await ctx.verification.enqueue(tx, { attemptId: current.attemptId, orderNo: order.orderNo, appId: order.appId, input }, ctx.clock.now());
        });
        ctx.verification.kick();
        return { attempt: current.seq };
      },
      async onAbandoned(current, info) {
        if (info.code === null) await ctx.store.attempts.finish(current.attemptId, { status: "abandoned", code: info.reason }, ctx.clock.now());
        else await rejectAttempt(ctx, current.attemptId, info.code, info.message, "stream");
        await current.spool.discard();
      },
      clock,
      limits: ctx.limits.stream,
    });
  });
}
