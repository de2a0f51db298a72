/**
 * Real-time video (TRTC) on the service side: the application's credentials from the
 * environment, and the room ticket each order's browser gets in its order config.
 *
 * | variable | meaning |
 * |---|---|
 * | FACEFLOW_TRTC_SDK_APP_ID | the TRTC application's SDKAppID (a positive integer) |
 * | FACEFLOW_TRTC_SECRET_KEY | its secret key, used to sign UserSigs; never sent to a browser |
 * | FACEFLOW_TRTC_USERSIG_TTL_SEC | lifetime of a UserSig, 60..86400 s (default 900) |
 *
 * Both of the first two set: real-time video is available. Neither: it is not, and order
 * configs carry no ticket (the browser then downgrades with trtcSdkCheckNoSupport). Only
 * one of them is a mistake worth refusing to start for.
 */
import { createHash } from "node:crypto";
import * as z from "zod";
import type { TrtcRoomConfig } from "../../../schemas/api";
import { genUserSig } from "./userSig";

export interface TrtcServiceConfig {
  sdkAppId: number;
  secretKey: string;
  userSigTtlSec: number;
}

const DEFAULT_USERSIG_TTL_SEC = 900;

const sdkAppIdSchema = z.coerce.number().int().positive().max(4_294_967_295);
const secretKeySchema = z.string().min(16, "a TRTC secret key is at least 16 characters");
const ttlSchema = z.coerce.number().int().min(60).max(86_400);

type TrtcEnvResult = { ok: true; config: TrtcServiceConfig | null } | { ok: false; variable: string; message: string };

/** Read the three variables; `config: null` when real-time video is not configured. */
export function readTrtcEnv(env: Readonly<Record<string, string | undefined>>): TrtcEnvResult {
  const appId = env.FACEFLOW_TRTC_SDK_APP_ID || undefined;
  const key = env.FACEFLOW_TRTC_SECRET_KEY || undefined;
  if (appId === undefined && key === undefined) return { ok: true, config: null };
  if (appId === undefined) return { ok: false, variable: "FACEFLOW_TRTC_SDK_APP_ID", message: "is required when FACEFLOW_TRTC_SECRET_KEY is set" };
  if (key === undefined) return { ok: false, variable: "FACEFLOW_TRTC_SECRET_KEY", message: "is required when FACEFLOW_TRTC_SDK_APP_ID is set" };
  const sdkAppId = sdkAppIdSchema.safeParse(appId);
  if (!sdkAppId.success) return { ok: false, variable: "FACEFLOW_TRTC_SDK_APP_ID", message: z.prettifyError(sdkAppId.error) };
  const secretKey = secretKeySchema.safeParse(key);
  if (!secretKey.success) return { ok: false, variable: "FACEFLOW_TRTC_SECRET_KEY", message: z.prettifyError(secretKey.error) };
  const ttl = ttlSchema.safeParse(env.FACEFLOW_TRTC_USERSIG_TTL_SEC || DEFAULT_USERSIG_TTL_SEC);
  if (!ttl.success) return { ok: false, variable: "FACEFLOW_TRTC_USERSIG_TTL_SEC", message: z.prettifyError(ttl.error) };
  return { ok: true, config: { sdkAppId: sdkAppId.data, secretKey: secretKey.data, userSigTtlSec: ttl.data } };
}

/** Issues the room ticket of an order's browser. */
export interface TrtcIssuer {
  issue(orderNo: string): TrtcRoomConfig;
}

/**
 * The TRTC user of an order: "ff_" and 24 hex digits of the order number's SHA-256, because
 * TRTC user ids are limited to 32 bytes while order numbers may have 64 characters.
 */
export function trtcUserIdOf(orderNo: string): string {
  return `ff_${createHash("sha256").update(orderNo, "utf8").digest("hex").slice(0, 24)}`;
}

/** `nowMs`: the service's clock in Unix milliseconds. */
export function createTrtcIssuer(config: TrtcServiceConfig, nowMs: () => number): TrtcIssuer {
  return {
    issue(orderNo) {
      const now = nowMs();
      const userId = trtcUserIdOf(orderNo);
      return {
        sdkAppId: config.sdkAppId,
        userId,
        userSig: genUserSig({ sdkAppId: config.sdkAppId, secretKey: config.secretKey, userId, expireSec: config.userSigTtlSec, nowSec: Math.floor(now / 1000) }),
        // One room per order (a string room id), so a partner's recording or reviewer finds it by order number.
        roomId: orderNo,
        expiresAt: new Date(Math.floor(now / 1000) * 1000 + config.userSigTtlSec * 1000).toISOString(),
      };
    },
  };
}
