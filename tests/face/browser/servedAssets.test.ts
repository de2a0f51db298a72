/**
 * The service serves what the face worker loads as the browser needs it: wasm as
 * application/wasm (WebAssembly.instantiateStreaming refuses anything else), the content-hashed
 * asset folder cached for good, and a CSP that lets a same-origin module worker fetch the
 * models and compile the wasm while still naming no other host.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type Service } from "../../server/harness";
import { writeAppPagesFixture } from "../../server/appPagesFixture";

describe("face assets served by the service", () => {
  let service: Service;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), "faceflow-face-assets-"));
    mkdirSync(join(appDir, "assets"));
    mkdirSync(join(appDir, "face-ABCD2345"));
    mkdirSync(join(appDir, "face"));
    writeAppPagesFixture(appDir, "<!doctype html><title>faceflow</title>");
    writeFileSync(join(appDir, "assets", "faceWorker-ABCD2345.js"), "export {};");
    writeFileSync(join(appDir, "face-ABCD2345", "tfjs-backend-wasm-simd.wasm"), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    writeFileSync(join(appDir, "face-ABCD2345", "blazeface.json"), "{}");
    writeFileSync(join(appDir, "face-ABCD2345", "blazeface.bin"), Buffer.alloc(16));
    writeFileSync(join(appDir, "face", "blazeface.json"), "{}");
    service = await startService({ appDir });
  });
  afterAll(async () => {
    await service.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(service.baseUrl + path);

  it("serve wasm as application/wasm", async () => {
    const wasm = await get("/face-ABCD2345/tfjs-backend-wasm-simd.wasm");
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get("content-type")).toBe("application/wasm");
  });

  it("cache the worker and everything in the hashed face folder for good, other folders not", async () => {
    const immutable = "public, max-age=31536000, immutable";
    for (const path of ["/assets/faceWorker-ABCD2345.js", "/face-ABCD2345/blazeface.json", "/face-ABCD2345/blazeface.bin", "/face-ABCD2345/tfjs-backend-wasm-simd.wasm"]) {
      expect((await get(path)).headers.get("cache-control"), path).toBe(immutable);
    }
    expect((await get("/face/blazeface.json")).headers.get("cache-control")).toBe("no-cache");
  });

  it("send the worker script a CSP that allows it to load models and wasm from our origin only", async () => {
    const csp = (await get("/assets/faceWorker-ABCD2345.js")).headers.get("content-security-policy") ?? "";
    const directive = (name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("worker-src").split(" ")).toContain("'self'");
    expect(directive("script-src")).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive("connect-src").split(" ").slice(1)).toEqual(["'self'", service.baseUrl.replace("http", "ws")]);
  });
});
