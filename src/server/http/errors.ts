/**
 * Errors sent to clients: always JSON `{ code, message }` with a fitting HTTP status, never a
 * stack trace. Route code throws HttpError; everything else (fastify's own errors, plugin
 * errors, bugs) is translated here. A client's fault (any 4xx) is logged at info: a malformed
 * body or a probing path is the client's business, and must not page anyone as an error.
 * Only a 5xx, the service's own failure, is logged as an error.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod";
import { API_ERROR_CODES, type ApiErrorCode } from "../../../schemas/api";

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  /** The order's registered return address, on refusals of a launch whose signature held. */
  readonly returnUrl: string | undefined;
  constructor(statusCode: number, code: ApiErrorCode, message: string, extra: { returnUrl?: string } = {}) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.code = code;
    this.returnUrl = extra.returnUrl;
  }
}

/** Parse input with a schema or throw a 400 naming what is wrong. */
export function parseOr400<T extends z.core.$ZodType>(
  schema: T,
  input: unknown,
  what: string,
  code: ApiErrorCode = API_ERROR_CODES.badRequest,
): z.output<T> {
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw new HttpError(400, code, `invalid ${what}: ${z.prettifyError(parsed.error).replace(/\s*\n\s*/g, "; ")}`);
  return parsed.data;
}

function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply.code(error.statusCode).type("application/json; charset=utf-8").send({ code: error.code, message: error.message, ...(error.returnUrl ? { returnUrl: error.returnUrl } : {}) });
}

/** fastify's own error codes that are the client's fault, and what we call them. */
const FASTIFY_CLIENT_ERRORS: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: API_ERROR_CODES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_ERROR_CODES.unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_ERROR_CODES.badRequest,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: API_ERROR_CODES.badRequest,
  FST_INVALID_MULTIPART_CONTENT_TYPE: API_ERROR_CODES.unsupportedMediaType,
  FST_REQ_FILE_TOO_LARGE: API_ERROR_CODES.payloadTooLarge,
  FST_PARTS_LIMIT: API_ERROR_CODES.payloadTooLarge,
  FST_FILES_LIMIT: API_ERROR_CODES.payloadTooLarge,
  FST_FIELDS_LIMIT: API_ERROR_CODES.payloadTooLarge,
  FST_PROTO_VIOLATION: API_ERROR_CODES.badRequest,
  FST_ERR_BAD_URL: API_ERROR_CODES.badRequest,
  FST_ERR_CTP_INVALID_JSON_BODY: API_ERROR_CODES.badRequest,
};

/**
 * The static plugin refuses paths that could leave the app folder or name what it never serves
 * (a NUL byte, a backslash, "..", a compressed copy by its own name) with a 403 of its own. To
 * the client it is a file that is not there: 404, saying nothing about why.
 */
const STATIC_REFUSALS = new Set(["FST_STATIC_FORBIDDEN_PATH"]);

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: API_ERROR_CODES.badRequest,
  404: API_ERROR_CODES.notFound,
  413: API_ERROR_CODES.payloadTooLarge,
  415: API_ERROR_CODES.unsupportedMediaType,
  429: API_ERROR_CODES.rateLimited,
};

/** Translate any thrown value into an HttpError; unknown failures become a logged 500. */
function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const e = error as Partial<FastifyError> | null;
  const status = typeof e?.statusCode === "number" ? e.statusCode : 500;
  const message = typeof e?.message === "string" ? e.message : undefined;
  if (typeof e?.code === "string" && STATIC_REFUSALS.has(e.code)) return new HttpError(404, API_ERROR_CODES.notFound, "no such file");
  const known = typeof e?.code === "string" ? FASTIFY_CLIENT_ERRORS[e.code] : undefined;
  if (known !== undefined) return new HttpError(status >= 400 && status < 500 ? status : 400, known, message ?? known);
  const byStatus = STATUS_CODES[status];
  if (byStatus !== undefined) return new HttpError(status, byStatus, message ?? byStatus);
  // Any other 4xx a plugin raises is still the client's fault, answered with its own status.
  if (status >= 400 && status < 500) return new HttpError(status, API_ERROR_CODES.badRequest, message ?? "bad request");
  return new HttpError(500, API_ERROR_CODES.internal, "internal error");
}

/** Send the JSON error for `error`, logging a client's fault at info and the service's at error. */
function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const httpError = toHttpError(error);
  if (httpError.statusCode >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ statusCode: httpError.statusCode, code: httpError.code, reason: httpError.message }, "request refused");
  return sendError(reply, httpError);
}

/**
 * fastify's `frameworkErrors` option: errors raised before routing (a URL that does not decode,
 * FST_ERR_BAD_URL) answered like every other error instead of fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void answerError(error, request, reply);
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => answerError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new HttpError(404, API_ERROR_CODES.notFound, `no route ${request.method} ${request.url.split("?")[0] ?? ""}`)),
  );
}
