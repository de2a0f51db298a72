/**
 * Serving the built browser app (dist/app): index.html is revalidated on every load so a new
 * release takes effect at once; files with a content hash in their name ("name-hash.ext",
 * eight letters or digits) never change and are cached for a year. So are the files of a
 * folder named by its content hash ("face-HASH/": the face models and wasm keep the names
 * their libraries look them up by, so the hash goes on the folder).
 *
 * Every text file has brotli and gzip copies beside it (scripts/build/compress.mjs), served by
 * the request's Accept-Encoding with `Vary: Accept-Encoding` (issue 14).
 *
 * On a slow phone network each response's headers cost as much as a small chunk, so the
 * headers that only mean something for a document (CSP, framing, COOP, origin cluster and
 * old-browser switches) are kept for HTML and for the face worker (a worker's CSP comes from
 * its own response) and left off scripts, styles and models; nosniff and the resource
 * policy stay on everything. Immutable files need no validators.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import type { LanguagesFile } from "../../../schemas/languages";
import { registerAppPages, type LaunchPages } from "./appPages";
import { HttpError } from "./errors";

const COMPRESSED_COPY = /\.(br|gz)$/;
const HASHED_NAME = /-[A-Za-z0-9]{8}\.[a-z0-9]+$/;
const IN_HASHED_FOLDER = /[\\/][a-z]+-[A-Z0-9]{8}[\\/][^\\/]+$/;
const DOCUMENT = /\.html$/;
const WORKER = /[\\/]faceWorker-[A-Za-z0-9]{8}\.js$/;

const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

function setHeaders(reply: FastifyReply, servedPath: string): void {
  const path = servedPath.replace(COMPRESSED_COPY, "");
  const hashed = HASHED_NAME.test(path) || IN_HASHED_FOLDER.test(path);
  reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
  if (hashed) {
    reply.removeHeader("etag");
    reply.removeHeader("last-modified");
  }
  if (!DOCUMENT.test(path) && !WORKER.test(path)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

export async function serveApp(app: FastifyInstance, appDir: string | undefined, languages: LanguagesFile, launchPages: LaunchPages | null = null): Promise<void> {
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
    preCompressed: true,
    // Nothing the build writes starts with a dot; a stray ".env" or ".git" in the folder is not for users.
    dotfiles: "ignore",
    // The compressed copies are served in place of their originals, never by their own names.
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    setHeaders: (reply, path) => setHeaders(reply, path),
  });
  registerAppPages(app, appDir, languages, launchPages);
}
