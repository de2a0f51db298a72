/**
 * The partner kit: what a partner's Node backend imports to talk to faceflow. Pure Node
 * (fetch, node:crypto) and the kit's zod contract (contract/); no fastify.
 *
 * @example
 * const faceflow = createFaceflowPartner({ baseUrl: "https://faceflow.example", appId: "TIDA0001", secret });
 * const { launchUrl } = await faceflow.createOrder({ userId: "u1", liveType: "2", actions: ["2"], returnUrl: "https://shop.example/kyc/done" });
 * // redirect the user to launchUrl; when they come back to /kyc/done?...:
 * const { valid, payload } = faceflow.verifyReturn(request.url);
 */
import { randomBytes } from "node:crypto";
import * as z from "zod/mini";
import {
  apiErrorSchema,
  createOrderRequestSchema,
  launchResponseSchema,
  orderViewSchema,
  type CreateOrderRequest,
  type LaunchResponse,
  type OrderView,
  type RelaunchRequest,
} from "./contract/orders.js";
import { partnerAuthHeaders } from "./requestSigning.js";
import { verifyReturnPayload, type ReturnInput, type ReturnVerification } from "./returnSigning.js";

export interface FaceflowPartnerOptions {
  /** Service origin, e.g. "https://faceflow.example" (a path prefix is kept). */
  baseUrl: string;
  appId: string;
  /** Signs every request, and verifies returns. */
  secret: string;
  /**
   * During a secret rotation, other secrets a return may be signed with (never used to sign):
   * the next one before the service switches to it, the old one for returns already on their
   * way after (src/server/apps.ts lists the steps).
   */
  rotationSecrets?: readonly string[];
  fetch?: typeof globalThis.fetch;
  /** Unix time in milliseconds; injectable for tests. */
  now?: () => number;
  /** Request nonce source; injectable for tests. */
  nonce?: () => string;
}

/** A non-2xx answer of the service, or a response that does not match the contract. */
export class FaceflowPartnerError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(`${status} ${code}: ${message}`);
    this.name = "FaceflowPartnerError";
    this.status = status;
    this.code = code;
  }
}

export interface FaceflowPartner {
  /** Create an order; returns its number, h5_face_id and the signed launch URL to send the user to. */
  createOrder(request: CreateOrderRequest): Promise<LaunchResponse>;
  /** A fresh launch URL for an unfinished order (the previous one expired or was used up). */
  relaunch(orderNo: string, request?: RelaunchRequest): Promise<LaunchResponse>;
  /** State, signed result and every attempt of an order. */
  getOrder(orderNo: string): Promise<OrderView>;
  /** Check the signatures of what came back on the return URL. */
  verifyReturn(input: ReturnInput): ReturnVerification;
}

export function createFaceflowPartner(options: FaceflowPartnerOptions): FaceflowPartner {
  const base = options.baseUrl.replace(/\/+$/, "");
  const basePath = new URL(base).pathname.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const nonce = options.nonce ?? (() => randomBytes(16).toString("hex"));

  async function call<T>(method: "GET" | "POST", path: string, body: unknown, schema: z.ZodMiniType<T>): Promise<T> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const parts = { method, path: basePath + path, timestamp: String(Math.floor(now() / 1000)), nonce: nonce(), body: text };
    const headers: Record<string, string> = { ...partnerAuthHeaders(options.appId, options.secret, parts), accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await doFetch(base + path, { method, headers, ...(body === undefined ? {} : { body: text }) });
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = apiErrorSchema.safeParse(json);
      if (error.success) throw new FaceflowPartnerError(response.status, error.data.code, error.data.message);
      throw new FaceflowPartnerError(response.status, "UNEXPECTED_RESPONSE", "error response without { code, message }");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new FaceflowPartnerError(response.status, "UNEXPECTED_RESPONSE", z.prettifyError(parsed.error));
    return parsed.data;
  }

  return {
    async createOrder(request) {
      // Validate locally first so a mistake surfaces with the field name, before any network call.
      const checked = createOrderRequestSchema.safeParse(request);
      if (!checked.success) throw new FaceflowPartnerError(0, "BAD_REQUEST", z.prettifyError(checked.error));
      return call("POST", "/partner/v1/orders", request, launchResponseSchema);
    },
    relaunch: (orderNo, request = {}) =>
      call("POST", `/partner/v1/orders/${encodeURIComponent(orderNo)}/launches`, request, launchResponseSchema),
    getOrder: (orderNo) => call("GET", `/partner/v1/orders/${encodeURIComponent(orderNo)}`, undefined, orderViewSchema),
    verifyReturn(input) {
      const byCurrent = verifyReturnPayload(options.appId, options.secret, input);
      if (byCurrent.valid) return byCurrent;
      for (const secret of options.rotationSecrets ?? []) {
        const byOther = verifyReturnPayload(options.appId, secret, input);
        if (byOther.valid) return byOther;
      }
      return byCurrent;
    },
  };
}
