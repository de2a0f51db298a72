/**
 * `GET /partner/v1/openapi.json`: the partner API's OpenAPI document (openapi/partnerOpenApi.ts),
 * unsigned, for anyone's tools. It only changes with the service's code, so it is made once,
 * cacheable by any cache for an hour, and answered 304 to a client that has it (ETag: weak,
 * because the compression hook may send it gzip or brotli encoded).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { RateLimitHooks } from "../http/security";
import { PARTNER_OPENAPI_PATH, partnerOpenApiText } from "../openapi/partnerOpenApi";

const MAX_AGE_SEC = 3600;

export function registerPartnerOpenApiRoute(app: FastifyInstance, limiters: RateLimitHooks): void {
  const text = partnerOpenApiText();
  const etag = `W/"${createHash("sha256").update(text).digest("hex").slice(0, 32)}"`;

  app.get(PARTNER_OPENAPI_PATH, { preHandler: limiters.partner }, async (request, reply) => {
    reply.header("cache-control", `public, max-age=${MAX_AGE_SEC}`).header("etag", etag);
    const known = request.headers["if-none-match"];
    if (typeof known === "string" && known.split(",").some((tag) => tag.trim() === etag)) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(text);
  });
}
