/**
 * Everything after a recording's bytes are in hand, the same for every way they arrive (the
 * page's multipart upload, a video fetched from the messaging app's cloud): the attempt it
 * answers, the same checks (container, size per platform, the decoder's probe), the same
 * storage, and the verification job. A refusal is recorded as a rejected attempt.
 */
import { API_ERROR_CODES, type AttemptState, type CapturePrompt, type UploadMeta } from "../../../schemas/api";
import type { LightShown } from "../../../schemas/lightChallenge";
import type { VerifyAsk, VerifyJobInput } from "../../../schemas/verifyJob";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import { platformOf } from "../limits";
import { attemptStateOf } from "../orders/attemptState";
import { rejectAttempt } from "../orders/verdict";
import { lockOpenOrder } from "../orders/lockOpenOrder";
import { lightModes } from "../light/lightModes";
import type { AttemptRecord } from "../store/attempts";
import type { OrderRecord } from "../store/orders";
import { MediaExistsError, type StoredMedia } from "../media/store/mediaStore";
import { mediaScratchDir } from "../media/store/mediaStoreFromEnv";
import { acceptedContainer, checkUploadSize, probeAccepted } from "./acceptRecording";
import { storeEvidence, storeRecording, withTempFile } from "./mediaFiles";
import type { EvidenceFrame } from "./readUploadParts";

/** Refused because another upload of the order got its attempt first: that attempt is the other upload's to close. */
class AttemptTaken extends HttpError {
  constructor() {
    super(409, API_ERROR_CODES.verificationInProgress, "another recording of this order is being verified");
  }
}

/** An unanswered pending upload attempt of the order (no recording queued for it yet), or null. */
async function unansweredAttempt(ctx: ServiceContext, order: OrderRecord): Promise<AttemptRecord | null> {
  const pending = await ctx.store.attempts.latestPending(order.orderNo, "upload");
  if (pending === null || (await ctx.store.verifyJobs.get(pending.id)) !== null) return null;
  return pending;
}

/**
 * The pending attempt a recording must answer, when the order's mode issues a challenge: the
 * digits (number mode, else 409 DIGITS_REQUIRED), the light (light modes, else 409
 * LIGHT_REQUIRED), or the digits of the light's alternative route. null: the mode issues none.
 * Single use: the recording queued for it consumes it.
 */
export async function challengeAttempt(ctx: ServiceContext, order: OrderRecord): Promise<AttemptRecord | null> {
  const light = lightModes(ctx.checks, order.liveType, order.will !== null);
  if (order.liveType !== "1" && !light) return null;
  const pending = await unansweredAttempt(ctx, order);
  // The alternative route's attempt is judged in number mode without the light.
  if (pending?.liveType === "1" && pending.digits !== null) return pending;
  if (order.liveType === "1" && pending?.digits == null) {
    throw new HttpError(409, API_ERROR_CODES.digitsRequired, "fetch digits (GET /api/v1/digits) before uploading");
  }
  if (light && pending?.light == null) {
    throw new HttpError(409, API_ERROR_CODES.lightRequired, "fetch the light (GET /api/v1/light) before uploading");
  }
  if (pending === null) throw new Error(`order ${order.orderNo}: a challenge mode without its pending attempt`);
  return pending;
}

/** The pending attempt this upload answers: the challenge's, else a new one. */
export async function attemptFor(ctx: ServiceContext, order: OrderRecord): Promise<AttemptRecord> {
  const issued = await challengeAttempt(ctx, order);
  if (issued !== null) return issued;
  return ctx.store.transaction(async (tx) => {
    const now = ctx.clock.now();
    await lockOpenOrder(tx, order.orderNo);
    await tx.attempts.abandonPending(order.orderNo, now);
    return tx.attempts.open(order.orderNo, "upload", null, now);
  });
}

/**
 * What the job asks of the recording: the attempt's own challenge (its digits, its light) in
 * the live type it is judged in, which is the order's unless the attempt took the light's
 * alternative route (then number mode's checks judge it, and its actions are none).
 */
export function askOf(order: OrderRecord, attempt: AttemptRecord, shown: { prompts: CapturePrompt[]; light: LightShown }): VerifyAsk {
  const liveType = attempt.liveType ?? order.liveType;
  return {
    liveType,
    actions: liveType === order.liveType ? [...order.actions] : [],
    digits: attempt.digits,
    will: order.will ? { question: order.will.question, nod: order.will.willType === "2" } : null,
    prompts: shown.prompts,
    requireSpeech: order.requireSpeech,
    light: attempt.light,
    lightShown: attempt.light === null ? [] : shown.light,
    // Only the light's alternative route opens an attempt with a live type of its own (session.ts).
    lightAlternative: attempt.liveType !== null,
  };
}

/** A recording to verify: how to get its bytes (a refusal there is refused like any check) and what came with it. */
export interface IncomingRecording {
  mimeType: string;
  decode(): Promise<Buffer>;
  messageId: string;
  prompts: CapturePrompt[];
  guidance: NonNullable<UploadMeta["guidance"]> | null;
  /** The page's device-info string (spec §3), checked by acceptDeviceInfo; null when it sent none. */
  deviceInfo: string | null;
  /** Evidence frames of on-device guidance. */
  frames: EvidenceFrame[];
  /** Light modes: when the page says each colour went up (meta.light); [] when none came. */
  lightShown: LightShown;
}

/** Check, store and queue a recording for the order; answers the attempt's state (`verifying`). */
export async function queueRecording(ctx: ServiceContext, order: OrderRecord, userAgent: string | undefined, recording: IncomingRecording): Promise<AttemptState> {
  const attempt = await attemptFor(ctx, order);
  const platform = platformOf(userAgent);
  const judgedAs = attempt.liveType ?? order.liveType;
  const kind = { liveType: judgedAs, actions: judgedAs === order.liveType ? order.actions : [], will: order.will !== null, light: attempt.light !== null };

  let stored: StoredMedia | null = null;
  let evidence: string[] = [];
  try {
    const container = acceptedContainer(recording.mimeType);
    const bytes = await recording.decode();
    checkUploadSize(bytes.length, platform, ctx.limits);
    // Probed from a temporary file of the bytes already in memory, before they are stored: with
    // S3, probing the stored copy would mean downloading what was just uploaded, and a refused
    // recording never reaches the bucket at all.
    const probe = await withTempFile(mediaScratchDir(ctx.mediaDir), `upload.${container}`, bytes, (file) => probeAccepted(ctx.prober, ctx.ffmpegPath, file, container, kind, ctx.limits));
    stored = await storeRecording(ctx.media, order.orderNo, attempt.seq, container, bytes).catch((error: unknown) => {
      // Number mode: uploads answering the same digits at once share one attempt, and so its recording.
      if (error instanceof MediaExistsError) throw new AttemptTaken();
      throw error;
    });
    if (recording.frames.length > 0) {
      evidence = await storeEvidence(ctx.media, order.orderNo, attempt.seq, recording.frames).catch((error: unknown) => {
        // The other upload answering the same digits stored its frames first.
        if (error instanceof MediaExistsError) throw new AttemptTaken();
        throw error;
      });
    }
    const input: VerifyJobInput = {
      attemptId: attempt.id,
      orderNo: order.orderNo,
      source: { kind: "recording", path: stored.key, bytes: bytes.length, probe },
      ask: askOf(order, attempt, { prompts: recording.prompts, light: recording.lightShown }),
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
        attemptId: attempt.id, path, container, mimeType: recording.mimeType, bytes: bytes.length,
        durationMs: Math.round(probe.durationMs), sha256, messageId: recording.messageId, createdAt: now,
      });
      await tx.attempts.keepGuidance(attempt.id, recording.guidance);
      await tx.attempts.keepDeviceInfo(attempt.id, recording.deviceInfo);
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
}
