/**
 * The service's media in S3, as past one machine: an s3rver bucket started here, and two
 * service instances sharing one store (a SQLite file) and that bucket, each with its own media
 * directory standing for its own disk. The API instance (in this process) takes the order with
 * its reference photo, the upload or the frame stream; the worker instance, another process
 * started from src/server/main.ts with FACEFLOW_ROLE=worker and the FACEFLOW_S3_* variables,
 * verifies it, reading everything from the bucket. Nothing of a user's media stays on either
 * disk: the probe's and the workers' copies are temporary and gone by the verdict.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateOrderRequest } from "../../schemas/api";
import type { MediaStoreConfig } from "../../schemas/mediaStoreConfig";
import { s3ClientFor } from "../../src/server/media/store/s3MediaStore";
import { makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { subjectPortrait, synthTake, takeJpegFrames, takeUpload } from "../fixtures/synthTake";
import { filesUnder } from "./mediaStore/files";
import { awaitVerdict, Browser, checkNames, connectStream, errorCode, inspectStore, launchParams, orderRequest, startService, steppingClock, uploadForm, type Service } from "./harness";

/** s3rver's built-in account, read by the SDK's default chain (in this process and the worker's). */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" } as const;
const BUCKET = "faceflow-media";
const PREFIX = "faceflow";
const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
let s3: S3rver;
let admin: S3Client;
let api: Service;
let worker: { child: ChildProcess; mediaDir: string; output: () => string; exited: Promise<number | null> } | undefined;
/** The store both instances share (the harness's own dbPath is not it). */
let dbPath: string;
const savedEnv: Record<string, string | undefined> = {};

/** The worker instance: the service's own entry, another process, configured only by its environment. */
async function startWorker(env: Record<string, string>, mediaDir: string): Promise<NonNullable<typeof worker>> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", FACEFLOW_ROLE: "worker", FACEFLOW_MEDIA: mediaDir, FACEFLOW_VERIFY_WORKERS: "1", FACEFLOW_LOG_LEVEL: "warn", FACEFLOW_ENV: "local", FACEFLOW_APP_SECRETS: "", FACEFLOW_CONFIG: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => void (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => void (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line in 90 s: ${text}`)), 90_000);
    child.stdout?.on("data", () => {
      if (/faceflow \(worker\) listening on http/.test(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => reject(new Error(`the worker instance exited with ${code}: ${text}`)));
  });
  return { child, mediaDir, output: () => text, exited };
}

beforeAll(async () => {
  dir = await makeTempDir();
  s3 = new S3rver({ address: "127.0.0.1", port: 0, directory: join(dir, "s3rver"), silent: true });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  for (const [name, value] of Object.entries(CREDENTIALS)) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  const config: MediaStoreConfig = { kind: "s3", bucket: BUCKET, endpoint, region: "us-east-1", forcePathStyle: true, prefix: PREFIX };
  admin = s3ClientFor({ ...config, credentials: { accessKeyId: CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: CREDENTIALS.AWS_SECRET_ACCESS_KEY } });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));

  // One store and one bucket; a media directory (a "disk") of each instance's own.
  dbPath = join(dir, "shared", "faceflow.sqlite");
  await mkdir(join(dir, "shared"));
  await mkdir(join(dir, "api"));
  api = await startService({ role: "api", dbPath, mediaDir: join(dir, "api", "media"), mediaStoreConfig: config, streamClock: steppingClock() }, { dir: join(dir, "api") });
  worker = await startWorker(
    { FACEFLOW_DB: dbPath, FACEFLOW_S3_BUCKET: BUCKET, FACEFLOW_S3_ENDPOINT: endpoint, FACEFLOW_S3_PATH_STYLE: "1", FACEFLOW_S3_PREFIX: PREFIX, FACEFLOW_S3_REGION: "us-east-1" },
    join(dir, "worker", "media"),
  );
}, 180_000);

afterAll(async () => {
  if (worker) {
    worker.child.kill("SIGINT");
    await worker.exited;
  }
  await api?.close();
  admin?.destroy();
  await s3?.close();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  if (dir) await removeTempDir(dir);
}, 60_000);

async function objectsUnder(prefix: string): Promise<string[]> {
  const page = await admin.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).flatMap((item) => (item.Key === undefined ? [] : [item.Key])).sort();
}

/** No file of any order on either instance's disk: its scratch folders (for the temporary copies) are empty. */
async function expectNoMediaOnDisk(): Promise<void> {
  expect(await filesUnder(api.mediaDir)).toEqual([]);
  expect(await filesUnder(worker?.mediaDir ?? "")).toEqual([]);
}

async function loggedIn(extra: Partial<CreateOrderRequest>) {
  const created = await api.partner.createOrder(orderRequest(api, extra));
  const browser = new Browser(api.baseUrl);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  return { created, browser };
}

describe("media in S3, an API instance and a worker instance", () => {
  it("upload → verification → verdict: the recording (the SYNTHETIC live subject answering its light) and the reference photo are in the bucket with the recorded SHA-256, on no instance's disk", async () => {
    const photo = await subjectPortrait({ dir, seed: 9500 });
    const { created, browser } = await loggedIn({ ...SILENT, referencePhoto: photo.toString("base64") });
    const { orderNo } = created;
    const take = await synthTake({ dir, mode: "silent", challenge: await browser.light(), seed: 9501 });
    const recording = take.bytes;
    const first = await browser.upload(await uploadForm(recording, takeUpload(take)));
    expect(first.status, JSON.stringify(first.json)).toBe(200);

    const judged = await awaitVerdict(browser, first.json).catch((error: unknown) => {
      throw new Error(`${String(error)}; the worker instance said: ${worker?.output()}`);
    });
    expect(judged.outcome).toMatchObject({ passed: true, code: "0", finished: true });
    // The worker instance read the photo from the bucket too.
    expect(checkNames(judged)).toContain("reference");
    expect(judged.outcome.checks.find((c) => c.name === "reference")?.passed).toBe(true);

    const [row] = await inspectStore({ dbPath }, (store) => store.recordings.listByOrder(orderNo));
    const sha256 = createHash("sha256").update(recording).digest("hex");
    expect(row).toMatchObject({ path: `${orderNo}/1.webm`, sha256, bytes: recording.length });
    const head = await admin.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${orderNo}/1.webm` }));
    expect(head.Metadata?.sha256).toBe(sha256);
    expect(head.ContentLength).toBe(recording.length);
    expect(head.ContentType).toBe("video/webm");
    expect(await objectsUnder(`${PREFIX}/${orderNo}/`)).toEqual([`${PREFIX}/${orderNo}/1.webm`, `${PREFIX}/${orderNo}/reference.jpg`]);

    await expectNoMediaOnDisk();
    // The worker's thread had its scratch folder on the worker's own disk, where its copies went and are gone.
    expect((await readdir(join(worker?.mediaDir ?? "", ".tmp"))).filter((name) => name.startsWith("verify-"))).toHaveLength(1);
  }, 300_000);

  it("a refused recording never reaches the bucket", async () => {
    const { created, browser } = await loggedIn(SILENT);
    await browser.light();
    const res = await browser.upload(await uploadForm(Buffer.alloc(80_000, 7)));
    expect(res.status).toBe(422);
    expect(errorCode(res)).toBe("VIDEO_UNREADABLE");
    expect(await objectsUnder(`${PREFIX}/${created.orderNo}/`)).toEqual([]);
    await expectNoMediaOnDisk();
  });

  it("frame stream → verification → verdict (the SYNTHETIC live subject answering its light): each frame put in the bucket as it arrives, read from there by the worker", async () => {
    const { created, browser } = await loggedIn({ ...SILENT, launch: { ws_mode_switch: "1" } });
    const { orderNo } = created;
    const take = await synthTake({ dir, mode: "silent", challenge: await browser.light(), seed: 9502 });
    // The stepping clock moves 100 ms a message: inline frames (one message each) are timed 100 ms
    // apart, so the take's pictures 10 a second keep its light's times on the service's clock.
    const jpegs = await takeJpegFrames(take, 10, dir);
    const c = await connectStream(api, browser);
    c.send({ type: "start", orderNo });
    expect(await c.next("progress")).toMatchObject({ step: "ready" });
    for (const [seq, jpeg] of jpegs.entries()) {
      c.send({ type: "frame", seq, jpeg: jpeg.toString("base64") });
      expect(await c.next("ack")).toEqual({ type: "ack", seq });
    }
    c.send({ type: "end", light: take.lightShown });
    // The stream takes over the light's attempt (1) as its own, the second.
    expect(await c.next("verifying")).toEqual({ type: "verifying", attempt: 2 });
    // Every frame is stored before the job is queued.
    const frames = await objectsUnder(`${PREFIX}/${orderNo}/2-stream/`);
    expect(frames).toEqual(Array.from({ length: jpegs.length }, (_, i) => `${PREFIX}/${orderNo}/2-stream/${String(i).padStart(5, "0")}.jpg`));

    const judged = await awaitVerdict(browser, (await browser.request("GET", "/api/v1/attempts/2")).json);
    expect(judged.outcome).toMatchObject({ passed: true, code: "0", finished: true });
    await expectNoMediaOnDisk();
  }, 300_000);
});
