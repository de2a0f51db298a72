/**
 * Authenticating a partner API request (partner/requestSigning.ts defines the signature):
 * headers present and well-formed, app known and enabled, timestamp within ±5 minutes, signature
 * right (by the current secret or, during a rotation's overlap, the previous one: apps.ts),
 * and the nonce never seen before for this app. Each failure is a 401 with its own code.
 */
import type { FastifyRequest } from "fastify";
import * as z from "zod";
import { PARTNER_HEADERS, PARTNER_NONCE_PATTERN, PARTNER_TIMESTAMP_WINDOW_SEC, safeEqualHex, signPartnerRequest } from "@faceflow/partner";
import { API_ERROR_CODES } from "../../../schemas/api";
import { acceptedSecrets, activeApp } from "../apps";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import type { AppRecord } from "../store/apps";

const headersSchema = z.object({
  [PARTNER_HEADERS.appId]: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  [PARTNER_HEADERS.timestamp]: z.string().regex(/^\d{1,12}$/),
  [PARTNER_HEADERS.nonce]: z.string().regex(PARTNER_NONCE_PATTERN),
  [PARTNER_HEADERS.signature]: z.string().regex(/^[0-9a-fA-F]{64}$/),
});

const unauthorized = (code: (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES], message: string) =>
  new HttpError(401, code, message);

/** The app a request is signed by, or a 401 HttpError. */
export async function authenticatePartner(ctx: ServiceContext, request: FastifyRequest): Promise<AppRecord> {
  const parsed = headersSchema.safeParse(request.headers);
  if (!parsed.success) {
    throw unauthorized(
      API_ERROR_CODES.authMissing,
      `missing or malformed headers ${Object.values(PARTNER_HEADERS).join(", ")} (nonce: 16-64 of A-Z a-z 0-9 _ -)`,
    );
  }
  const h = parsed.data;
  const appId = h[PARTNER_HEADERS.appId];
  // An app removed from the configuration is disabled at start and reads as unknown.
  const app = await activeApp(ctx.store, appId);
  if (app === null) throw unauthorized(API_ERROR_CODES.authAppUnknown, `unknown or disabled app ${appId}`);

  const now = ctx.clock.now();
  const timestamp = h[PARTNER_HEADERS.timestamp];
  if (Math.abs(Number(timestamp) - Math.floor(now / 1000)) > PARTNER_TIMESTAMP_WINDOW_SEC) {
    throw unauthorized(API_ERROR_CODES.authStale, `timestamp is more than ${PARTNER_TIMESTAMP_WINDOW_SEC} s from the service clock`);
  }
  const nonce = h[PARTNER_HEADERS.nonce];
  const parts = { method: request.method, path: request.url, timestamp, nonce, body: request.rawBody };
  const received = h[PARTNER_HEADERS.signature].toLowerCase();
  if (!acceptedSecrets(app, now).some((secret) => safeEqualHex(signPartnerRequest(secret, parts), received))) {
    throw unauthorized(API_ERROR_CODES.authSignature, "signature does not match the request");
  }
  // Only a correctly signed request may use up a nonce, so nobody can burn a partner's nonces.
  if (!(await ctx.store.partnerNonces.remember(appId, nonce, now, 2 * PARTNER_TIMESTAMP_WINDOW_SEC * 1000))) {
    throw unauthorized(API_ERROR_CODES.authReplay, "nonce already used");
  }
  return app;
}
