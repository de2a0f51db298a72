/**
 * `POST /api/v1/upload`: one recording for the logged-in order (multipart: `meta` JSON
 * matching uploadMetaSchema, `video` the scrambled base64, and optional `frame` JPEG parts of
 * on-device guidance). The recording is unscrambled, held to the limits, probed by the
 * decoder, stored in the media store (ctx.media), and queued for verification; the answer
 * comes at once (`verifying`) and the page follows the attempt with `GET /api/v1/attempts/:attempt`.
 * A refusal before verification is a 4xx with its specific code, recorded as a rejected
 * attempt. The device's guidance report and evidence frames are kept for staff as hints;
 * nothing in them is judged. Sending the same recording again (same messageId) answers with
 * that attempt's state: uploads are safe to retry.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import { API_ERROR_CODES, uploadMetaSchema, type AttemptState, type UploadMeta } from "../../../schemas/api";
import type { VerifyJobInput } from "../../../schemas/verifyJob";
import { requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { platformOf } from "../limits";
import { attemptStateOf } from "../orders/attemptState";
import { acceptDeviceInfo } from "../orders/deviceInfo";
import { rejectAttempt } from "../orders/verdict";
import type { AttemptRecord } from "../store/attempts";
import type { OrderRecord } from "../store/orders";
import { acceptedContainer, checkUploadSize, probeAccepted } from "../upload/acceptRecording";
import { decodeRecording } from "../upload/decodeRecording";
import { evidenceFrames, readUploadParts, type UploadParts } from "../upload/readUploadParts";
import { storeEvidence, storeRecording, withTempFile } from "../upload/mediaFiles";
import { lockOpenOrder } from "../orders/lockOpenOrder";
import { MediaExistsError, type StoredMedia } from "../media/store/mediaStore";
import { mediaScratchDir } from "../media/store/mediaStoreFromEnv";

/** Refused because another upload of the order got its attempt first: that attempt is the other upload's to close. */
class AttemptTaken extends HttpError {
  constructor() {
    super(409, API_ERROR_CODES.verificationInProgress, "another recording of this order is being verified");
  }
}

/**
 * The upload's parts. Reading them can only fail on what the client sent (a body that is not
 * multipart, a missing boundary, a part cut short, a connection dropped mid-body): whatever the
 * parser throws besides our own refusals is a 400, never a 500.
 */
async function readParts(ctx: ServiceContext, request: FastifyRequest): Promise<UploadParts> {
  try {
    return await readUploadParts(request, ctx.limits.face.evidence);
  } catch (error) {
    if (error instanceof HttpError || (error as { statusCode?: unknown } | null)?.statusCode !== undefined) throw error;
    throw new HttpError(400, API_ERROR_CODES.badRequest, `malformed multipart body: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The pending attempt this upload answers: number mode needs the one its digits opened. */
async function attemptFor(ctx: ServiceContext, order: OrderRecord): Promise<AttemptRecord> {
  if (order.liveType === "1") {
    const pending = await ctx.store.attempts.latestPending(order.orderNo, "upload");
    if (pending === null || (await ctx.store.verifyJobs.get(pending.id)) !== null) {
      throw new HttpError(409, API_ERROR_CODES.digitsRequired, "fetch digits (GET /api/v1/digits) before uploading");
    }
    return pending;
  }
  return ctx.store.transaction(async (tx) => {
    const now = ctx.clock.now();
    await lockOpenOrder(tx, order.orderNo);
    await tx.attempts.abandonPending(order.orderNo, now);
    return tx.attempts.open(order.orderNo, "upload", null, now);
  });
}

/**
 * A retried upload (the answer to the first one was lost) is the same recording again: answer
 * with that attempt's state. messageId covers only the last 1000 base64 characters, which two
 * different recordings of one length can share (both ending in the same silent or steady-tone
 * audio packets), so the bytes must match too; a new recording is verified as a new attempt.
 */
async function replayedState(ctx: ServiceContext, order: OrderRecord, meta: UploadMeta, video: string): Promise<AttemptState | null> {
  if (!(await ctx.store.recordings.hasMessageId(order.orderNo, meta.messageId))) return null;
  let bytes: Buffer;
  try {
    bytes = await decodeRecording(video, meta);
  } catch (error) {
    // Not a readable copy of anything: refused below like any upload.
    if (error instanceof HttpError) return null;
    throw error;
  }
  const recording = await ctx.store.recordings.findUpload(order.orderNo, meta.messageId, createHash("sha256").update(bytes).digest("hex"));
  const attempt = recording ? await ctx.store.attempts.get(recording.attemptId) : null;
  return attempt ? attemptStateOf(ctx, attempt) : null;
}

export function registerUploadRoute(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks): void {
  app.post("/api/v1/upload", { preHandler: limiters.upload }, async (request): Promise<AttemptState> => {
    const { order } = await requireSession(ctx, request);
    const parts = await readParts(ctx, request);
    const meta = parseOr400(uploadMetaSchema, parts.meta, "upload meta");
    const deviceInfo = acceptDeviceInfo(meta.deviceInfo);
    const frames = evidenceFrames(parts.frames, meta.guidance);
    const replayed = await replayedState(ctx, order, meta, parts.video);
    if (replayed !== null) return replayed;
    if (order.state === "passed" || order.state === "failed") {
      throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished");
    }
    if (await ctx.store.attempts.verifying(order.orderNo)) {
      throw new HttpError(409, API_ERROR_CODES.verificationInProgress, "the previous recording is still being verified");
    }
    const attempt = await attemptFor(ctx, order);
    const platform = platformOf(request.headers["user-agent"]);
    const kind = { liveType: order.liveType, actions: order.actions, will: order.will !== null };

    let stored: StoredMedia | null = null;
    let evidence: string[] = [];
    try {
      const container = acceptedContainer(meta.mimeType);
      const bytes = await decodeRecording(parts.video, meta);
      checkUploadSize(bytes.length, platform, ctx.limits);
      // Probed from a temporary file of the bytes already in memory, before they are stored: with
      // S3, probing the stored copy would mean downloading what was just uploaded, and a refused
      // recording never reaches the bucket at all.
      const probe = await withTempFile(mediaScratchDir(ctx.mediaDir), `upload.${container}`, bytes, (file) => probeAccepted(ctx.ffmpegPath, file, container, kind, ctx.limits));
      stored = await storeRecording(ctx.media, order.orderNo, attempt.seq, container, bytes).catch((error: unknown) => {
        // Number mode: uploads answering the same digits at once share one attempt, and so its recording.
        if (error instanceof MediaExistsError) throw new AttemptTaken();
        throw error;
      });
      if (frames.length > 0) {
        evidence = await storeEvidence(ctx.media, order.orderNo, attempt.seq, frames).catch((error: unknown) => {
          // The other upload answering the same digits stored its frames first.
          if (error instanceof MediaExistsError) throw new AttemptTaken();
          throw error;
        });
      }
      const input: VerifyJobInput = {
        attemptId: attempt.id,
        orderNo: order.orderNo,
        source: { kind: "recording", path: stored.key, bytes: bytes.length, probe },
        ask: {
          liveType: order.liveType,
          actions: [...order.actions],
          digits: attempt.digits,
          will: order.will ? { question: order.will.question, nod: order.will.willType === "2" } : null,
          prompts: meta.prompts ?? [],
          requireSpeech: order.requireSpeech,
        },
        referencePhoto: order.referencePhoto,
        platform,
      };
      const path = stored.key;
      // The store's own hash of what it wrote: what an audit compares the stored object with.
      const sha256 = stored.sha256;
      await ctx.store.transaction(async (tx) => {
        // Checked again as the job is queued, with the order's row locked: uploads of one order
        // sent at once (to several instances, say) all passed the check above while none was
        // queued yet. The first queued is verified; one superseded by a newer upload (its attempt
        // abandoned) or arriving after another was queued is refused.
        await lockOpenOrder(tx, order.orderNo);
        if (
          (await tx.attempts.get(attempt.id))?.status !== "pending" ||
          (await tx.verifyJobs.get(attempt.id)) !== null ||
          (await tx.attempts.verifying(order.orderNo))
        ) {
          throw new HttpError(409, API_ERROR_CODES.verificationInProgress, "another recording of this order is being verified");
        }
        const now = ctx.clock.now();
        await tx.recordings.insert({
          attemptId: attempt.id, path, container, mimeType: meta.mimeType, bytes: bytes.length,
          durationMs: Math.round(probe.durationMs), sha256, messageId: meta.messageId, createdAt: now,
        });
        await tx.attempts.keepGuidance(attempt.id, meta.guidance ?? null);
        await tx.attempts.keepDeviceInfo(attempt.id, deviceInfo);
        await ctx.verification.enqueue(tx, { attemptId: attempt.id, orderNo: order.orderNo, appId: order.appId, input }, now);
      });
    } catch (error) {
      // Only what this upload stored: a recording refused as AttemptTaken is the other upload's.
      if (stored !== null) await ctx.media.delete(stored.key);
      await Promise.all(evidence.map((key) => ctx.media.delete(key)));
      if (error instanceof HttpError && !(error instanceof AttemptTaken)) await rejectAttempt(ctx, attempt.id, error.code, error.message);
      throw error;
    }
    ctx.verification.kick();
    const state = await attemptStateOf(ctx, attempt);
    if (state === null) throw new Error(`attempt ${attempt.id} has no job right after it was queued`);
    return state;
  });
}
