/**
 * Staff access to the dashboard with one shared admin token (FACEFLOW_ADMIN_TOKEN): sent as
 * `Authorization: Bearer <token>`, or once as `?token=<token>`, which sets an HttpOnly
 * cookie so the token leaves the address bar and browser history at once.
 * The cookie holds a hash of the token, not the token: a leaked cookie does not reveal it,
 * and changing the token ends every cookie session.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_ERROR_CODES, type ApiErrorCode } from "../../../../schemas/api";
import { HttpError } from "../../http/errors";

const ADMIN_COOKIE = "ff_admin";
const COOKIE_PATH = "/admin";
const COOKIE_MAX_AGE_SEC = 8 * 60 * 60;

type AdminAccess =
  /** Go on and answer. */
  | { kind: "allowed" }
  /** The token came in the query: the cookie is set, send the browser to `location` without it. */
  | { kind: "redirect"; location: string };

function digest(value: string): Buffer {
  return createHash("sha256").update(`faceflow-admin:${value}`).digest();
}

function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface AdminAuth {
  /** Throws 401 unless the request carries the token (header, query or cookie). */
  check(request: FastifyRequest, reply: FastifyReply): AdminAccess;
  /**
   * `check`, then true to go on answering, or false when the answer is already on its way: the
   * token came in the query, its cookie is set, and the browser is sent back without it (303).
   */
  admit(request: FastifyRequest, reply: FastifyReply): boolean;
}

export function createAdminAuth(token: string): AdminAuth {
  const expected = digest(token);
  const cookieValue = expected.toString("hex");
  const refuse = (message: string, code: ApiErrorCode = API_ERROR_CODES.authSignature) => new HttpError(401, code, message);
  const auth: AdminAuth = {
    admit(request, reply) {
      const access = auth.check(request, reply);
      if (access.kind === "redirect") {
        void reply.code(303).header("location", access.location).send();
        return false;
      }
      return true;
    },
    check(request, reply) {
      const header = request.headers.authorization;
      if (header !== undefined) {
        const match = /^Bearer\s+(.+)$/i.exec(header);
        if (!match?.[1] || !sameDigest(digest(match[1].trim()), expected)) throw refuse("admin token does not match");
        return { kind: "allowed" };
      }
      const url = new URL(request.url, "http://admin.invalid");
      const queryToken = url.searchParams.get("token");
      if (queryToken !== null) {
        if (!sameDigest(digest(queryToken), expected)) throw refuse("admin token does not match");
        reply.setCookie(ADMIN_COOKIE, cookieValue, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure: request.protocol === "https",
          maxAge: COOKIE_MAX_AGE_SEC,
        });
        url.searchParams.delete("token");
        return { kind: "redirect", location: url.pathname + url.search };
      }
      const cookie = request.cookies[ADMIN_COOKIE];
      if (cookie === undefined) throw refuse("admin token required (Authorization: Bearer, or ?token=)", API_ERROR_CODES.authMissing);
      if (!/^[0-9a-f]{64}$/.test(cookie) || !sameDigest(Buffer.from(cookie, "hex"), expected)) throw refuse("admin session is not valid any more");
      return { kind: "allowed" };
    },
  };
  return auth;
}
