/**
 * The browser session a login creates. Two cookies, both on path "/":
 * - `faceflow_session`: HttpOnly, signed, a random token whose SHA-256 names the session row;
 * - `order_no`: readable by the page, because the navigation guard of spec §2 checks it.
 * SameSite=Lax keeps other sites from sending the session along with their requests. Both are
 * Secure whenever the public origin is https, whatever protocol reaches the service: behind a
 * TLS proxy the service itself speaks plain http, and a proxy left untrusted must not turn that
 * into cookies a plain-http request could carry away.
 *
 * A browser that cannot keep cookies (cookie-less mode) asks for the session token at login
 * and sends it back in the SESSION_HEADER header (the stream: in its `start` message). It never
 * travels in a URL, where logs, proxies and the Referer header would keep it.
 */
import { createHash } from "node:crypto";
import type {} from "@fastify/cookie"; // request.cookies / reply.setCookie types
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_ERROR_CODES, SESSION_HEADER } from "../../../schemas/api";
import { HANDOFF_PHONE_COOKIE } from "../../../schemas/handoff";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import { randomHex } from "../runtime";
import type { OrderRecord } from "../store/orders";
import type { SessionRecord } from "../store/sessions";

const SESSION_COOKIE = "faceflow_session";
const ORDER_NO_COOKIE = "order_no";

interface ActiveSession {
  session: SessionRecord;
  order: OrderRecord;
}

function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Look up the session behind a raw (still signed) cookie value; null when absent, forged or expired. */
async function sessionFromCookie(
  ctx: ServiceContext,
  signedValue: string | undefined,
  unsign: (value: string) => { valid: boolean; value: string | null },
): Promise<ActiveSession | null> {
  if (!signedValue) return null;
  const unsigned = unsign(signedValue);
  if (!unsigned.valid || unsigned.value === null) return null;
  const session = await ctx.store.sessions.get(hashSessionToken(unsigned.value));
  if (session === null || session.expiresAt <= ctx.clock.now()) return null;
  const order = await ctx.store.orders.get(session.orderNo);
  return order === null ? null : { session, order };
}

/** Look up the session behind a raw token (the header, or the stream's start message); null when unknown or expired. */
export async function sessionFromToken(ctx: ServiceContext, token: string | undefined): Promise<ActiveSession | null> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const session = await ctx.store.sessions.get(hashSessionToken(token));
  if (session === null || session.expiresAt <= ctx.clock.now()) return null;
  const order = await ctx.store.orders.get(session.orderNo);
  return order === null ? null : { session, order };
}

/**
 * The session of a request: the HttpOnly cookie, or (cookie-less mode) the token the login
 * answered with, in the SESSION_HEADER header. Never from the query string.
 */
export async function sessionOfRequest(ctx: ServiceContext, request: FastifyRequest): Promise<ActiveSession | null> {
  const fromCookie = await sessionFromCookie(ctx, request.cookies[SESSION_COOKIE], (v) => request.unsignCookie(v));
  if (fromCookie !== null) return fromCookie;
  const header = request.headers[SESSION_HEADER];
  return sessionFromToken(ctx, typeof header === "string" ? header : undefined);
}

/** The session of a front-end API request, or a 401 (the flow shows 401Exception). */
export async function requireSession(ctx: ServiceContext, request: FastifyRequest): Promise<ActiveSession> {
  const active = await sessionOfRequest(ctx, request);
  if (active === null) throw new HttpError(401, API_ERROR_CODES.sessionInvalid, "no valid session: open the launch link again");
  return active;
}

/** A new session token and its row (not yet stored). */
export function newSession(ctx: ServiceContext, orderNo: string, launchNonce: string, handoffId: string | null = null): { token: string; record: SessionRecord } {
  const now = ctx.clock.now();
  const token = randomHex(ctx.randomBytes, 32);
  return {
    token,
    record: { sessionHash: hashSessionToken(token), orderNo, launchNonce, createdAt: now, expiresAt: now + ctx.sessionTtlSec * 1000, handoffId },
  };
}

/**
 * Set the session cookies of a login. `publicOrigin` is the service's configured origin: https
 * there makes them Secure; otherwise they are Secure when the request came over https.
 */
export function setSessionCookies(reply: FastifyReply, token: string, orderNo: string, expiresAt: number, publicOrigin: string, role: "launch" | "phone" = "launch"): void {
  const secure = new URL(publicOrigin).protocol === "https:" ? true : "auto";
  const common = { path: "/", sameSite: "lax", secure, expires: new Date(expiresAt) } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true, signed: true });
  reply.setCookie(ORDER_NO_COOKIE, orderNo, { ...common, httpOnly: false });
  // The page's hint that this is a phone of a handoff (schemas/handoff.ts); a launch's own login clears it.
  if (role === "phone") reply.setCookie(HANDOFF_PHONE_COOKIE, "1", { ...common, httpOnly: false });
  else reply.clearCookie(HANDOFF_PHONE_COOKIE, { path: "/" });
}

/** Refuse a phone's session (issue 32) where the launch's own session is needed: it never sees the return address or the signed result. */
export function refusePhoneSession(session: SessionRecord): void {
  if (session.handoffId !== null) throw new HttpError(403, API_ERROR_CODES.handoffPhone, "a phone continuing a handoff gets no return address and no signed result: the computer finishes");
}
