/**
 * `npm run bench`: size and speed figures, measured rather than asserted in timed tests.
 * - bytes: the first screen's brotli bytes and every chunk's, from dist/size-report.json (build.mjs);
 * - the first screens against the React floor on a throttled phone (scripts/wireBench.ts):
 *   wire bytes and time to the first enabled button, as ratios;
 * - time to first screen: launch URL opened in headless Debian Chromium against the real
 *   service until the first page view is set, median of N cold loads;
 * - camera-ready time: on the recording page with Chromium's fake camera, from getUserMedia
 *   resolved to the camera's first frame shown (the page's User Timing measure
 *   faceflow:camera-ready), median of N launches;
 * - bytes uploaded for a 3 s recording: a number-mode recording stopped after 3 s, its
 *   decoded size and the upload request's size (scrambled base64 in a multipart body);
 * - on-device face analysis (issue 7, scripts/faceBench.ts): per-frame time of the face
 *   session in headless Chromium on a face photo and on the plain fake pattern (median and
 *   p90 over BENCH_FACE_FRAMES frames, goal 120 ms), and the bytes the capture route adds
 *   (face worker JS, models and wasm apart);
 * - verification on the service (scripts/verifyBench.ts): cost of a 5 s SYNTHETIC bona fide
 *   recording in each mode on one thread, upload to verdict alone and 8 at once, other requests'
 *   latency and the service's event-loop delay meanwhile;
 * - verifications per minute (scripts/scaleBench.ts): the embedded default and the local
 *   PostgreSQL cluster with one and two worker instances, upload-to-verdict p50 and p95.
 * Writes bench-results.json and prints a table. `BENCH_ONLY=verify` (or `wire`, `scale`) measures the
 * verification (or first-screen, scale-out) figures alone; `BENCH_ONLY=attacks` the
 * presentation-attack table (scripts/attacks/attackBench.ts), and replaces only them in bench-results.json.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import type { LaunchResponse } from "../schemas/api";
import { CAMERA_READY_MEASURE } from "../src/flow/attempt/cameraReadyMeasure";
import { bundleFacePage, foreignRequests, runFacePage, summariseRun, writeFaceVideo, type FaceSizeReport } from "./faceBench";
import { measureVerification, runVerificationOnly, verificationLines } from "./verifyBench";
import { measureWire, runWireOnly, wireLines } from "./wireBench";
import { measureScale, runScaleOnly, scaleLines } from "./scaleBench";
import { BROWSER_ARGS, startBenchService } from "./benchService";
import { benchContext, benchText } from "./benchBrowser";

if (process.env.BENCH_ONLY === "verify") {
  await runVerificationOnly();
  process.exit(0);
}
if (process.env.BENCH_ONLY === "wire") {
  await runWireOnly();
  process.exit(0);
}
if (process.env.BENCH_ONLY === "scale") {
  await runScaleOnly();
  process.exit(0);
}
if (process.env.BENCH_ONLY === "attacks") {
  // Presentation attacks against the built service, APCER and BPCER (scripts/attacks/attackBench.ts).
  await (await import("./attacks/attackBench")).runAttacksOnly();
  process.exit(0);
}
if (process.env.BENCH_ONLY === "dashboard") {
  // The staff dashboard at 1,000,000 stored analytics events (scripts/dashboardBench.ts).
  await (await import("./dashboardBench")).runDashboardOnly();
  process.exit(0);
}

const PORT = Number(process.env.BENCH_PORT ?? 8191);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CAMERA_RUNS = Number(process.env.BENCH_CAMERA_RUNS ?? 5);
const UPLOAD_RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const FACE_FRAMES = Number(process.env.BENCH_FACE_FRAMES ?? 30);
const FACE_GOAL_MS = 120;
const RECORD_MS = 3000;
const base = `http://127.0.0.1:${PORT}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function timeToFirstScreen(): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: BROWSER_ARGS });
  const times: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await benchContext(browser); // cold cache every run
      const page = await context.newPage();
      await page.goto(`${base}/?live_type=1&h5_face_id=BENCH${i}#/protocol`);
      await page.waitForFunction(() => document.documentElement.dataset.pageId !== undefined);
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

/**
 * A number-mode launch from the demo backend (the service plays the partner in the test
 * environment). Face guidance is off: the fake camera's pattern has no face, so a guided
 * recording would fail on the device; the face figures are measured on their own below.
 */
async function numberLaunch(): Promise<LaunchResponse> {
  const response = await fetch(`${base}/demo/v1/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ liveType: "1", guidance: false }) });
  if (response.status !== 201) throw new Error(`demo order: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as LaunchResponse;
}

/**
 * Opens a fresh launch in its own context and presses through to the recording page's start,
 * in the bench's locale whatever the machine's (scripts/benchBrowser.ts).
 */
async function openRecordingPage(browser: Browser): Promise<Page> {
  const context = await benchContext(browser, { permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await page.goto((await numberLaunch()).launchUrl);
  await page.getByRole("button", { name: benchText("start.startButton") }).click();
  await page.waitForURL(/#\/vertify$/);
  await page.getByRole("button", { name: benchText("capture.startRecord") }).click();
  return page;
}

/** getUserMedia resolved → first frame shown, as the recording page measured it. */
async function cameraReadyTimes(browser: Browser): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < CAMERA_RUNS; i++) {
    const page = await openRecordingPage(browser);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, CAMERA_READY_MEASURE);
    times.push(await page.evaluate((name) => performance.getEntriesByName(name)[0]!.duration, CAMERA_READY_MEASURE));
    await page.context().close();
  }
  return times;
}

interface UploadRun {
  recordingBytes: number;
  requestBytes: number;
  durationMs: number;
  mimeType: string;
}

/** A 3 s number-mode recording up to the service's verdict: what went over the wire. */
async function uploadRuns(browser: Browser): Promise<UploadRun[]> {
  const runs: UploadRun[] = [];
  for (let i = 0; i < UPLOAD_RUNS; i++) {
    const page = await openRecordingPage(browser);
    // Read on its way out: the multipart body, whose meta part says what the recording is.
    let body: Buffer | null = null;
    await page.route("**/api/v1/upload", async (route) => {
      body = route.request().postDataBuffer();
      await route.continue();
    });
    // The page's own recording clock (the badge), less the round trip of the click.
    await page.waitForFunction((ms) => Number(/([\d.]+)s/.exec(document.querySelector(".ff-rec-badge")?.textContent ?? "")?.[1] ?? 0) * 1000 >= ms, RECORD_MS - 100, { timeout: 20_000 });
    await page.getByRole("button", { name: benchText("capture.stop") }).click();
    await page.waitForURL(/#\/success$/, { timeout: 20_000 });
    const sent: Buffer = body ?? Buffer.alloc(0);
    const text = sent.toString("latin1");
    const field = (pattern: RegExp) => pattern.exec(text)?.[1] ?? "";
    runs.push({
      recordingBytes: Number(field(/"size":(\d+)/)),
      requestBytes: sent.length,
      durationMs: Number(field(/"durationMs":(\d+)/)),
      mimeType: field(/"mimeType":"([^"]*)"/),
    });
    await page.context().close();
  }
  return runs;
}

async function captureFigures(): Promise<{ cameraReady: number[]; uploads: UploadRun[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...BROWSER_ARGS, "--use-fake-device-for-media-stream"],
  });
  try {
    return { cameraReady: await cameraReadyTimes(browser), uploads: await uploadRuns(browser) };
  } finally {
    await browser.close();
  }
}

type FaceRunFigures = ReturnType<typeof summariseRun> & { foreignRequests: string[] };

/** The face session on a face photo (without and with the iris model a blink needs), then on the fake camera's own pattern (no face). */
async function faceFigures(face: FaceSizeReport): Promise<{ photo: FaceRunFigures; photoIris: FaceRunFigures; pattern: FaceRunFigures }> {
  const js = await bundleFacePage(process.cwd(), face);
  const video = writeFaceVideo(mkdtempSync(join(tmpdir(), "faceflow-bench-face-")));
  const run = async (extraArgs: string[], iris = false): Promise<FaceRunFigures> => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [...BROWSER_ARGS, "--use-fake-device-for-media-stream", ...extraArgs],
    });
    try {
      const result = await runFacePage(browser, base, js, FACE_FRAMES, undefined, iris);
      const figures = summariseRun(result, FACE_FRAMES);
      if (figures.unavailable) console.error(`face session unavailable: ${figures.unavailable}\n${result.console.join("\n")}`);
      return { ...figures, foreignRequests: foreignRequests(result.requests) };
    } finally {
      await browser.close();
    }
  };
  const photo = [`--use-file-for-fake-video-capture=${video}`];
  return { photo: await run(photo), photoIris: await run(photo, true), pattern: await run([]) };
}

const report = JSON.parse(readFileSync("dist/size-report.json", "utf8")) as { firstScreenBrotli: number; chunks: { br: number }[]; face: FaceSizeReport };
const server = await startBenchService(PORT);
let times: number[] = [];
let capture: Awaited<ReturnType<typeof captureFigures>>;
let face: Awaited<ReturnType<typeof faceFigures>>;
try {
  times = await timeToFirstScreen();
  capture = await captureFigures();
  face = await faceFigures(report.face);
} finally {
  server.stop();
}
const wire = await measureWire();
const verification = await measureVerification();
const scale = await measureScale();
const faceGoalMet = [face.photo, face.photoIris, face.pattern].every((r) => r.frames === FACE_FRAMES && r.unavailable === null && r.frameMs.median <= FACE_GOAL_MS);
const uploadMedian = (pick: (run: UploadRun) => number) => Math.round(median(capture.uploads.map(pick)));
const results = {
  firstScreenBrotliBytes: report.firstScreenBrotli,
  allChunksBrotliBytes: report.chunks.reduce((sum, c) => sum + c.br, 0),
  wire,
  timeToFirstScreenMs: { median: Math.round(median(times)), runs: times.map(Math.round) },
  cameraReadyMs: { median: Math.round(median(capture.cameraReady)), runs: capture.cameraReady.map(Math.round) },
  upload3sRecording: {
    recordingBytes: { median: uploadMedian((r) => r.recordingBytes), runs: capture.uploads.map((r) => r.recordingBytes) },
    requestBytes: { median: uploadMedian((r) => r.requestBytes), runs: capture.uploads.map((r) => r.requestBytes) },
    durationMs: { median: uploadMedian((r) => r.durationMs), runs: capture.uploads.map((r) => r.durationMs) },
    mimeType: capture.uploads[0]?.mimeType ?? "",
  },
  faceAnalysis: { goalMs: FACE_GOAL_MS, met: faceGoalMet, framesPerRun: FACE_FRAMES, photo: face.photo, photoIris: face.photoIris, pattern: face.pattern },
  captureRouteBytes: {
    faceWorkerJs: { raw: report.face.worker.raw, gzip: report.face.worker.gz },
    models: { raw: report.face.models.raw, gzip: report.face.models.gz },
    wasm: { raw: report.face.wasm.raw, gzip: report.face.wasm.gz },
  },
  verification,
  scale,
};
writeFileSync("bench-results.json", JSON.stringify(results, null, 2) + "\n");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`first screen           ${(results.firstScreenBrotliBytes / 1024).toFixed(1)} KB brotli (HTML, CSS and the entry's chunks; see docs/sizeAndSpeed.md)`);
console.log(`all chunks             ${(results.allChunksBrotliBytes / 1024).toFixed(1)} KB brotli`);
console.log(wireLines(wire).join("\n"));
console.log(`time to first screen   ${results.timeToFirstScreenMs.median} ms median of ${RUNS} cold loads (localhost, headless Chromium)`);
console.log(`camera ready           ${results.cameraReadyMs.median} ms median of ${CAMERA_RUNS} (getUserMedia resolved → first frame shown, fake camera)`);
const up = results.upload3sRecording;
console.log(`3 s recording          ${kb(up.recordingBytes.median)} recorded, ${kb(up.requestBytes.median)} uploaded (median of ${UPLOAD_RUNS}, ${up.mimeType}, ${up.durationMs.median} ms)`);
const fr = results.faceAnalysis;
const faceLine = (name: string, r: FaceRunFigures) =>
  `${name.padEnd(22)} ${r.frameMs.median} ms median, ${r.frameMs.p90} ms p90 per frame (worker ${r.workerMs.median}/${r.workerMs.p90}); ` +
  `${r.framesWithOneFace}/${r.frames} frames with one face, ${r.framesWithNoFace} with none; models ready in ${r.readyMs ?? "-"} ms` +
  (r.unavailable ? `; UNAVAILABLE: ${r.unavailable}` : "") +
  (r.foreignRequests.length ? `; REQUESTS OFF 127.0.0.1: ${r.foreignRequests.join(" ")}` : "");
console.log(faceLine("face: photo", fr.photo));
console.log(faceLine("face: photo + iris", fr.photoIris));
console.log(faceLine("face: plain pattern", fr.pattern));
console.log(`face per-frame goal    ${fr.met ? "met" : "NOT met"}: median at most ${FACE_GOAL_MS} ms (headless Chromium, wasm SIMD, ${FACE_FRAMES} frames a run, 2 cores, no GPU)`);
const cb = results.captureRouteBytes;
console.log(`capture route adds     face worker JS ${kb(cb.faceWorkerJs.raw)} (${kb(cb.faceWorkerJs.gzip)} gzip); models ${kb(cb.models.raw)}; wasm ${kb(cb.wasm.raw)} — none of it on the first screen`);
console.log(verificationLines(verification).join("\n"));
console.log(scaleLines(scale).join("\n"));
