/**
 * Serving the built browser app (dist/app): index.html is revalidated on every load so a new
 * release takes effect at once; files with a content hash in their name (esbuild's
 * "name-HASH.ext") never change and are cached for a year. So are the files of a folder
 * named by its content hash ("face-HASH/": the face models and wasm keep the names their
 * libraries look them up by, so the hash goes on the folder).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import { HttpError } from "./errors";

const HASHED_NAME = /-[A-Z0-9]{8}\.[a-z0-9]+$/;
const IN_HASHED_FOLDER = /[\\/][a-z]+-[A-Z0-9]{8}[\\/][^\\/]+$/;

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
      const hashed = HASHED_NAME.test(path) || IN_HASHED_FOLDER.test(path);
      reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}
