/**
 * JSON bodies parsed by us instead of fastify's default parser, keeping the raw text: the
 * partner API signs the exact bytes of the body, so the signature is checked against what
 * was sent rather than a re-serialisation. Parsed values only become typed after a zod
 * schema has read them in the route.
 */
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The body exactly as received ("" when there was none or it was not JSON). */
    rawBody: string;
  }
}

export function installRawJsonParser(app: FastifyInstance): void {
  app.decorateRequest("rawBody", "");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    request.rawBody = text;
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new HttpError(400, API_ERROR_CODES.badRequest, "body is not valid JSON"), undefined);
    }
  });
}
