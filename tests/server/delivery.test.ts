/**
 * Delivery on slow networks (issue 14): precompressed files chosen by Accept-Encoding with
 * Vary and true lengths, immutable hashed files without validators or document-only
 * headers, the page's route preloader allowed by its hash (and nothing else inline), and
 * API answers compressed on the fly.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualRunner, verdict } from "./manualRunner";
import { startService, type Service } from "./harness";
import { writeAppPagesFixture } from "./appPagesFixture";

const PRELOADER = `(function(){document.head.dataset.preloaded="1"})();`;
/** The inline module that starts the entry chunk (build.mjs writes one instead of a facade file). */
const STARTER = `import{t as e}from"/assets/main-ab12cd34.js";e();`;
const SCRIPT = "export const answer = 42;\n".repeat(200);

/** Raw HTTP, so the body is seen as sent (fetch would decompress it). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("delivery", () => {
  let service: Service;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), "faceflow-app-"));
    mkdirSync(join(appDir, "assets"));
    writeAppPagesFixture(
      appDir,
      `<!doctype html><title>faceflow</title><script type="module">${STARTER}</script><script type="module" src="/assets/main-ab12cd34.js"></script><script>${PRELOADER}</script>`,
    );
    const asset = join(appDir, "assets", "main-ab12cd34.js");
    writeFileSync(asset, SCRIPT);
    writeFileSync(asset + ".br", brotliCompressSync(SCRIPT));
    writeFileSync(asset + ".gz", gzipSync(SCRIPT));
    writeFileSync(join(appDir, "assets", "plain-ab12cd35.js"), SCRIPT);
    writeFileSync(join(appDir, ".secret"), "deploy key");
    writeFileSync(join(appDir, "assets", ".secret"), "deploy key");
    service = await startService({ appDir, verificationRunner: manualRunner(1, () => verdict("0")) });
  });
  afterAll(async () => {
    await service.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const asset = () => `${service.baseUrl}/assets/main-ab12cd34.js`;

  it("serves the brotli copy to a browser that takes br, the gzip copy to one that takes gzip, the file itself otherwise", async () => {
    const br = await get(asset(), { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.headers["content-type"]).toMatch(/javascript/);

    const gz = await get(asset(), { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);

    const plain = await get(asset());
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("never serves a compressed copy under its own name, nor a dotfile", async () => {
    expect((await get(`${asset()}.br`)).status).toBe(404);
    expect((await get(`${service.baseUrl}/.secret`)).status).toBe(404);
    expect((await get(`${service.baseUrl}/assets/.secret`)).status).toBe(404);
  });

  it("keeps hashed files immutable without validators or document headers, and index.html revalidated with its CSP", async () => {
    const script = await get(asset(), { "accept-encoding": "br" });
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers.etag).toBeUndefined();
    expect(script.headers["last-modified"]).toBeUndefined();
    expect(script.headers["content-security-policy"]).toBeUndefined();
    expect(script.headers["x-frame-options"]).toBeUndefined();
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["cross-origin-resource-policy"]).toBe("same-origin");

    const page = await get(`${service.baseUrl}/`, { "accept-encoding": "br" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const csp = String(page.headers["content-security-policy"]);
    const hash = (code: string) => createHash("sha256").update(code).digest("base64");
    const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src")) ?? "";
    // Exactly the page's two inline scripts are allowed (a script with a src needs no hash).
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash(STARTER)}' 'sha256-${hash(PRELOADER)}'`);
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("compresses on the fly what has no precompressed copy when it is over 1 KB, and leaves small answers alone", async () => {
    const big = await get(`${service.baseUrl}/assets/plain-ab12cd35.js`, { "accept-encoding": "br" });
    expect(big.headers["content-encoding"]).toBe("br");
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(big.body).toString()).toBe(SCRIPT);
    const small = await get(`${service.baseUrl}/api/v1/nothing`, { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ code: "NOT_FOUND" });
  });
});
