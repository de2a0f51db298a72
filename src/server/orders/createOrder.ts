/**
 * Creating an order for a partner app (`POST /partner/v1/orders` and the demo partner).
 */
import * as z from "zod";
import { API_ERROR_CODES, createOrderRequestSchema, type LaunchResponse } from "../../../schemas/api";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import { randomHex } from "../runtime";
import type { AppRecord } from "../store/apps";
import type { OrderRecord } from "../store/orders";
import { judgedLiveType } from "../../domain/modes";
import { issueLaunch } from "./launch";
import { isReturnUrlAllowed } from "./returnUrl";
import { storeReferencePhoto } from "./referencePhoto";
import { requireListedLanguage } from "../languages";
import { storedWillQuestion } from "./willQuestion";

type ParsedCreateOrder = z.output<typeof createOrderRequestSchema>;

const DEFAULT_MAX_ATTEMPTS = 3;

export async function createOrder(ctx: ServiceContext, app: AppRecord, request: ParsedCreateOrder): Promise<LaunchResponse> {
  if (!isReturnUrlAllowed(request.returnUrl, app.allowedOrigins, ctx.publicOrigin())) {
    throw new HttpError(400, API_ERROR_CODES.returnUrlNotAllowed, `returnUrl origin is not allowed for app ${app.appId}`);
  }
  if (request.liveType === "2" && !request.actions) {
    throw new HttpError(400, API_ERROR_CODES.badRequest, "invalid body: liveType 2 (action) needs actions");
  }
  if (request.liveType !== "2" && request.actions) {
    throw new HttpError(400, API_ERROR_CODES.badRequest, "invalid body: actions are only for liveType 2 (action)");
  }
  // The page would refuse an unlisted `lang` as a wrong launch parameter: refused here, where the partner sees why.
  if (request.launch?.lang !== undefined) requireListedLanguage(ctx.languages, request.launch.lang, "launch.lang");
  const will = request.will ? { ...storedWillQuestion(request.will.question, ctx.languages), willType: request.will.nod ? "2" : "1" } : null;
  const now = ctx.clock.now();
  const orderNo = `ord_${randomHex(ctx.randomBytes, 12)}`;
  // Checked and written before the order exists: a refused photo leaves no order behind.
  const referencePhoto = request.referencePhoto === undefined ? null : await storeReferencePhoto(ctx, orderNo, request.referencePhoto);
  const order: OrderRecord = {
    orderNo,
    appId: app.appId,
    h5FaceId: `h5f_${randomHex(ctx.randomBytes, 16)}`,
    userId: request.userId,
    liveType: judgedLiveType(request.liveType, request.theme),
    requestedLiveType: request.liveType,
    actions: request.actions ?? [],
    will,
    theme: request.theme ?? "",
    returnUrl: request.returnUrl,
    launchOptions: request.launch ?? {},
    maxAttempts: request.maxAttempts ?? app.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    guidance: request.guidance ?? true,
    referencePhoto,
    requireSpeech: request.requireSpeechRecognition ?? false,
    state: "created",
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    mediaPurgedAt: null,
  };
  const ttl = request.expiresInSec ?? app.options.launchTtlSec ?? ctx.defaultLaunchTtlSec;
  try {
    return await ctx.store.transaction(async (store) => {
      await store.orders.insert(order);
      return issueLaunch({ ...ctx, store }, order, app.secret, ttl);
    });
  } catch (error) {
    // No order took the photo: nothing would ever find it, nor the retention job delete it.
    if (referencePhoto !== null) await ctx.media.delete(referencePhoto).catch(() => undefined);
    throw error;
  }
}
