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
 *
 * `POST /api/v1/upload/wx` (spec §7 uploadVideo path): a video the page could not read names
 * its copy in the messaging app's cloud; the service fetches it (src/server/wx/) and goes on
 * as above (src/server/upload/queueRecording.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import { API_ERROR_CODES, uploadMetaSchema, wxUploadRequestSchema, type AttemptState, type UploadMeta } from "../../../schemas/api";
import { messageIdOf } from "../../domain/scramble";
import { requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import { platformOf } from "../limits";
import { sizeRangeFor } from "../media/captureLimits";
import { attemptStateOf } from "../orders/attemptState";
import { acceptDeviceInfo } from "../orders/deviceInfo";
import type { OrderRecord } from "../store/orders";
import { decodeRecording } from "../upload/decodeRecording";
import { challengeAttempt, queueRecording } from "../upload/queueRecording";
import { evidenceFrames, readUploadParts, type UploadParts } from "../upload/readUploadParts";
import { WxMediaNotFoundError, WxMediaTooLargeError, WxMediaUnavailableError, type WxVideo } from "../wx/wxMedia";

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

/** The order may take a recording now: not finished, nothing being verified. */
async function assertOpenForUpload(ctx: ServiceContext, order: OrderRecord): Promise<void> {
  if (order.state === "passed" || order.state === "failed") {
    throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished");
  }
  if (await ctx.store.attempts.verifying(order.orderNo)) {
    throw new HttpError(409, API_ERROR_CODES.verificationInProgress, "the previous recording is still being verified");
  }
}

/**
 * Before anything is downloaded for `/upload/wx`: the order must be able to take the
 * recording (as assertOpenForUpload, and the pending attempt of the digits or the light), so a
 * refused upload costs no media request. Only an order that has a recording already may be
 * sent one again as a retry (the answer to the first was lost), which is answered with that
 * attempt and recognised only by the bytes: that one download, capped and timed like any,
 * happens before the order's state is checked.
 */
async function assertMayFetchWx(ctx: ServiceContext, order: OrderRecord): Promise<void> {
  if ((await ctx.store.recordings.listByOrder(order.orderNo)).length > 0) return;
  await assertOpenForUpload(ctx, order);
  await challengeAttempt(ctx, order);
}

/**
 * Spec §7 uploadVideo path: the video named by the messaging app's server id, fetched through
 * the official account's media API (ctx.wxMedia), then checked, stored and verified like an
 * upload. Its messageId is derived here, from the fetched bytes, as the page does (spec §4),
 * so sending the same server id again answers with the same attempt. The download stops past
 * the upload's size cap. What the API answered stays in the service's log: its errmsg names
 * the service's egress IP, which is no business of the browser.
 */
async function fetchWxVideo(ctx: ServiceContext, request: FastifyRequest, serverId: string): Promise<WxVideo> {
  if (ctx.wxMedia === null) throw new HttpError(404, API_ERROR_CODES.wxMediaUnavailable, "this service has no messaging-app media credentials");
  const maxBytes = sizeRangeFor(ctx.limits, platformOf(request.headers["user-agent"])).max;
  try {
    return await ctx.wxMedia.fetchVideo(serverId, maxBytes);
  } catch (error) {
    if (error instanceof WxMediaTooLargeError) throw new HttpError(413, API_ERROR_CODES.videoTooLarge, `the video is above the ${maxBytes} bytes allowed`);
    if (error instanceof WxMediaNotFoundError) {
      request.log.info({ serverId, wxError: error.message }, "messaging-app media not found");
      throw new HttpError(404, API_ERROR_CODES.wxMediaNotFound, "the messaging app has no video under this server id (expired or never uploaded)");
    }
    if (error instanceof WxMediaUnavailableError) {
      request.log.warn({ serverId, wxError: error.message }, "messaging-app media API unavailable");
      throw new HttpError(502, API_ERROR_CODES.wxMediaUnavailable, "the messaging app's media service is unavailable; try again later");
    }
    throw error;
  }
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
    await assertOpenForUpload(ctx, order);
    return queueRecording(ctx, order, request.headers["user-agent"], {
      mimeType: meta.mimeType,
      decode: () => decodeRecording(parts.video, meta),
      messageId: meta.messageId,
      prompts: meta.prompts ?? [],
      guidance: meta.guidance ?? null,
      deviceInfo,
      frames,
      lightShown: meta.light ?? [],
    });
  });
  app.post("/api/v1/upload/wx", { preHandler: limiters.upload }, async (request): Promise<AttemptState> => {
    const { order } = await requireSession(ctx, request);
    const body = parseOr400(wxUploadRequestSchema, request.body, "messaging-app upload");
    const deviceInfo = acceptDeviceInfo(body.deviceInfo);
    await assertMayFetchWx(ctx, order);
    const video = await fetchWxVideo(ctx, request, body.serverId);
    const messageId = await messageIdOf(video.bytes.toString("base64"));
    const sha256 = createHash("sha256").update(video.bytes).digest("hex");
    const recording = await ctx.store.recordings.findUpload(order.orderNo, messageId, sha256);
    const earlier = recording ? await ctx.store.attempts.get(recording.attemptId) : null;
    const replayed = earlier ? await attemptStateOf(ctx, earlier) : null;
    if (replayed) return replayed;
    await assertOpenForUpload(ctx, order);
    return queueRecording(ctx, order, request.headers["user-agent"], {
      mimeType: video.mimeType,
      decode: async () => video.bytes,
      messageId,
      prompts: body.prompts ?? [],
      guidance: null,
      deviceInfo,
      frames: [],
      // A video recorded in the messaging app's own camera showed no light (that route is not a light route).
      lightShown: [],
    });
  });
}
