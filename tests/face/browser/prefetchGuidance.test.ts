import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { OrderConfig } from "../../../schemas/api";
import { faceAssetFiles, faceAssetUrls, FACE_WASM_FILES, wasmSimdSupported, type FaceAssets, type FaceFileSizes } from "../../../src/face/browser/faceAssets";
import { createFaceDownload } from "../../../src/face/browser/faceDownload";
import { prefetchGuidance, type PrefetchDeps } from "../../../src/ui/screens/recording/guidance/prefetchGuidance";

const ASSETS: FaceAssets = {
  workerUrl: "https://kyc.example/assets/faceWorker-ABC.js",
  modelBaseUrl: "https://kyc.example/face-1234ABCD/",
  wasmBaseUrl: "https://kyc.example/face-1234ABCD/",
};
const MODELS_DIR = join(__dirname, "../../../node_modules/@vladmandic/human/models");
/** What build.mjs ships (a plain .mjs build script, loaded by path). */
const BUILD_FACE = "../../../scripts/buildFace.mjs";
const { FACE_MODELS, FACE_WASM } = (await import(BUILD_FACE)) as { FACE_MODELS: string[]; FACE_WASM: string[] };

describe("faceAssetUrls", () => {
  it("lists the worker, the wasm tfjs will pick and each model's .json and weights; iris only when asked", () => {
    const urls = faceAssetUrls(ASSETS, { iris: false, simd: true });
    expect(urls[0]).toBe(ASSETS.workerUrl);
    expect(urls[1]).toBe("https://kyc.example/face-1234ABCD/tfjs-backend-wasm-simd.wasm");
    const names = urls.slice(2).map((u) => u.split("/").pop());
    expect(names).toEqual(["blazeface.json", "blazeface.bin", "facemesh.json", "facemesh.bin", "antispoof.json", "antispoof.bin", "liveness.json", "liveness.bin"]);
    const withIris = faceAssetUrls(ASSETS, { iris: true, simd: false });
    expect(withIris[1]).toBe("https://kyc.example/face-1234ABCD/tfjs-backend-wasm.wasm");
    expect(withIris.map((u) => u.split("/").pop())).toEqual(expect.arrayContaining(["iris.json", "iris.bin"]));
  });

  it("names only files the build ships, and each model's weights as its own JSON names them", () => {
    expect(Object.values(FACE_WASM_FILES).sort()).toEqual([...FACE_WASM].sort());
    const urls = faceAssetUrls(ASSETS, { iris: true, simd: true });
    for (const name of urls.slice(2).map((u) => u.split("/").pop() ?? "")) expect(FACE_MODELS).toContain(name.replace(/\.(json|bin)$/, ""));
    for (const model of FACE_MODELS) {
      const manifest = JSON.parse(readFileSync(join(MODELS_DIR, `${model}.json`), "utf8")) as { weightsManifest: { paths: string[] }[] };
      expect(manifest.weightsManifest.flatMap((w) => w.paths)).toEqual([`${model}.bin`]);
    }
  });

  it("gives each file the sizes the build measured, and throws for a file the build did not measure", () => {
    const files = faceAssetFiles(ASSETS, { "faceWorker-ABC.js": [900, 300], "tfjs-backend-wasm-simd.wasm": [400, 130], ...Object.fromEntries(["blazeface", "facemesh", "antispoof", "liveness"].flatMap((m) => [[`${m}.json`, [10, 2]], [`${m}.bin`, [100, 90]]])) }, { iris: false, simd: true });
    expect(files[0]).toEqual({ url: ASSETS.workerUrl, bytes: 900, wire: 300 });
    expect(files.map((f) => f.url)).toEqual(faceAssetUrls(ASSETS, { iris: false, simd: true }));
    expect(() => faceAssetFiles(ASSETS, { "faceWorker-ABC.js": [900, 300] }, { iris: false, simd: true })).toThrow(/tfjs-backend-wasm-simd\.wasm has no size/);
  });

  it("tells SIMD support from WebAssembly.validate, and none without WebAssembly", () => {
    expect(wasmSimdSupported(WebAssembly)).toBe(true);
    expect(wasmSimdSupported({ validate: () => false })).toBe(false);
    expect(wasmSimdSupported(undefined)).toBe(false);
  });
});

function config(guidance: boolean, actions: OrderConfig["actions"]): OrderConfig {
  return { guidance, actions } as unknown as OrderConfig;
}

/** Every shipped name with made-up sizes: [decoded, wire]. */
const SIZES: FaceFileSizes = Object.fromEntries(
  [...faceAssetUrls(ASSETS, { iris: true, simd: true }), ...faceAssetUrls(ASSETS, { iris: true, simd: false })].map((url) => [url.split("/").pop()!, [1000, 400] as const]),
);

function deps(overrides: Partial<PrefetchDeps> & { order?: OrderConfig }) {
  const record = vi.fn();
  const fetched: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const download = createFaceDownload(async (url) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    fetched.push(url);
    await new Promise((r) => setTimeout(r, 1));
    inFlight -= 1;
    return new Response(url.endsWith("liveness.bin") ? null : "x", { status: url.endsWith("liveness.bin") ? 404 : 200 });
  });
  const base: PrefetchDeps = {
    rt: { stats: { record } as unknown as PrefetchDeps["rt"]["stats"] },
    api: { config: vi.fn(async () => overrides.order ?? config(true, ["1"])) },
    files: (iris) => ({ download, files: faceAssetFiles(ASSETS, SIZES, { iris, simd: true }) }),
    chooseKind: async () => "recorder",
  };
  return { deps: { ...base, ...overrides }, record, fetched, maxInFlight: () => maxInFlight };
}

describe("prefetchGuidance", () => {
  it("fetches every file the recording page's guidance will need, two at a time, and reports the ones that failed", async () => {
    const t = deps({ order: config(true, ["2", "3"]) });
    const outcome = await prefetchGuidance(t.deps);
    expect(outcome).toEqual({ kind: "fetched", files: 12, failed: 1 });
    expect(t.fetched).toEqual(faceAssetUrls(ASSETS, { iris: true, simd: true }));
    expect(t.maxInFlight()).toBe(2);
    expect(t.record).toHaveBeenCalledWith("guidancePrefetchFailed", { failed: 1, files: 12 });
  });

  it("fetches nothing when the page will not record in the browser, without asking for the order config", async () => {
    const t = deps({ chooseKind: async () => "wxVideo" });
    expect(await prefetchGuidance(t.deps)).toEqual({ kind: "skipped", why: "notRecorder" });
    expect(t.deps.api.config).not.toHaveBeenCalled();
    expect(t.fetched).toEqual([]);
  });

  it("fetches nothing when the order turned guidance off, or when no worker was built", async () => {
    const off = deps({ order: config(false, ["2"]) });
    expect(await prefetchGuidance(off.deps)).toEqual({ kind: "skipped", why: "noGuidance" });
    expect(off.fetched).toEqual([]);
    const unbuilt = deps({ files: null });
    expect(await prefetchGuidance(unbuilt.deps)).toEqual({ kind: "skipped", why: "notBuilt" });
    expect(unbuilt.fetched).toEqual([]);
  });
});
