/**
 * `POST /api/v1/upload`: one recording for the logged-in order (multipart: `meta` JSON
 * matching uploadMetaSchema, `video` the scrambled base64, and the evidence frames of face
 * guidance as `frame` JPEG parts). Decoded and checked against the limits (4xx with the
 * specific code on refusal, recorded as a rejected attempt), verified (the face checks run on
 * the frames), stored under FACEFLOW_MEDIA with the device's guidance report, and answered
 * with the attempt's outcome. Sending the same recording again (same messageId) returns the
 * first answer: uploads are safe to retry.
 */
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES, uploadMetaSchema, type AttemptOutcome } from "../../../schemas/api";
import { requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { platformOf } from "../limits";
import { recordVerdict, rejectAttempt } from "../orders/verdict";
import type { AttemptRecord } from "../store/attempts";
import type { OrderRecord } from "../store/orders";
import { checkRecording, type ProbedRecording } from "../upload/checkRecording";
import { decodeRecording } from "../upload/decodeRecording";
import { evidenceFrames, readUploadParts } from "../upload/readUploadParts";
import { removeRecording, storeRecording } from "../upload/mediaFiles";

/** The pending attempt this upload answers: number mode needs the one its digits opened. */
function attemptFor(ctx: ServiceContext, order: OrderRecord): AttemptRecord {
  if (order.liveType === "1") {
    const pending = ctx.store.attempts.latestPending(order.orderNo, "upload");
    if (pending === null) throw new HttpError(409, API_ERROR_CODES.digitsRequired, "fetch digits (GET /api/v1/digits) before uploading");
    return pending;
  }
  return ctx.store.transaction(() => {
    const now = ctx.clock.now();
    ctx.store.attempts.abandonPending(order.orderNo, now);
    return ctx.store.attempts.open(order.orderNo, "upload", null, now);
  });
}

/**
 * A retried upload (the answer to the first one was lost on the way) carries the same
 * messageId: answer with that attempt's outcome instead of judging the recording twice.
 */
function replayedOutcome(ctx: ServiceContext, order: OrderRecord, messageId: string): AttemptOutcome | null {
  const recording = ctx.store.recordings.findByMessageId(order.orderNo, messageId);
  const attempt = recording ? ctx.store.attempts.get(recording.attemptId) : null;
  if (attempt === null || attempt.code === null) return null;
  const used = ctx.store.attempts.countVerified(order.orderNo);
  return {
    passed: attempt.status === "passed",
    code: attempt.code,
    finished: order.state === "passed" || order.state === "failed",
    attemptsLeft: Math.max(0, order.maxAttempts - used),
    checks: attempt.checks,
  };
}

export function registerUploadRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  app.post("/api/v1/upload", { preHandler: limiters.upload }, async (request): Promise<AttemptOutcome> => {
    const { order } = requireSession(ctx, request);
    const parts = await readUploadParts(request, ctx.limits.face.evidence);
    const meta = parseOr400(uploadMetaSchema, parts.meta, "upload meta");
    const frames = evidenceFrames(parts.frames, meta.guidance);
    const replayed = replayedOutcome(ctx, order, meta.messageId);
    if (replayed !== null) return replayed;
    if (order.state === "passed" || order.state === "failed") {
      throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished");
    }
    const attempt = attemptFor(ctx, order);
    const platform = platformOf(request.headers["user-agent"]);
    const kind = { liveType: order.liveType, actions: order.actions, will: order.will !== null };

    let bytes: Buffer;
    let probed: ProbedRecording;
    try {
      bytes = await decodeRecording(parts.video, meta);
      probed = checkRecording(bytes, meta, kind, platform, ctx.limits);
    } catch (error) {
      if (error instanceof HttpError) rejectAttempt(ctx, attempt.id, error.code, error.message);
      throw error;
    }

    const { mimeType: _mimeType, checkedDurationMs: _duration, ...probe } = probed;
    const guidance = meta.guidance ?? null;
    const result = await ctx.verifier.verify({
      ...kind,
      actions: [...order.actions],
      digits: attempt.digits,
      probe,
      bytes: bytes.length,
      platform,
      face: { guidance: order.guidance, report: guidance, frames },
    });
    const stored = await storeRecording(ctx.mediaDir, order.orderNo, attempt.seq, probed.container, bytes);
    try {
      return recordVerdict(
        ctx,
        order.orderNo,
        attempt.id,
        {
          passed: result.passed,
          code: result.code,
          liveRate: result.liveRate,
          willCode: result.willCode ?? null,
          faceCode: result.faceCode ?? null,
          similarity: result.similarity ?? null,
          verifier: ctx.verifier.name,
          checks: result.checks,
          guidance,
        },
        {
          path: stored.path,
          container: probed.container,
          mimeType: probed.mimeType,
          bytes: bytes.length,
          durationMs: probed.checkedDurationMs,
          sha256: stored.sha256,
          messageId: meta.messageId,
          createdAt: ctx.clock.now(),
        },
      );
    } catch (error) {
      // The order finished while this one was being verified: keep no orphan file.
      await removeRecording(ctx.mediaDir, stored.path);
      throw error;
    }
  });
}
