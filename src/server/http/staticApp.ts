/**
 * Serving the built browser app (dist/app): index.html is revalidated on every load so a new
 * release takes effect at once; files with a content hash in their name (esbuild's
 * "name-HASH.ext") never change and are cached for a year.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import { HttpError } from "./errors";

const HASHED_NAME = /-[A-Z0-9]{8}\.[a-z0-9]+$/;

export async function serveApp(app: FastifyInstance, appDir: string | undefined): Promise<void> {
  if (appDir === undefined || !existsSync(join(appDir, "index.html"))) {
    // Without a build the API still works (tests, partner integration); say why / is empty.
    app.get("/", async () => {
      throw new HttpError(503, API_ERROR_CODES.appNotBuilt, "the browser app is not built: run npm run build");
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: appDir,
    prefix: "/",
    index: ["index.html"],
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header("Cache-Control", HASHED_NAME.test(path) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}
