/**
 * A verification worker thread (started by workerPool.ts; bundled as dist/server/verifyWorker.mjs).
 * It loads Human and the voice detector on its first job that needs them (or on "warm") and
 * keeps them, then runs each job it is handed (verifyMedia.ts), reporting progress and the
 * verdict. Nothing here touches the store: the main thread records verdicts. Media is read
 * through the thread's own media store, built from the configuration in workerData (the same
 * directory or bucket the service stores to), its temporary copies in the thread's scratch folder.
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import captureJson from "../../../flows/capture.json";
import { captureFileSchema } from "../../../schemas/capture";
import { toWorkerMessageSchema, verifyWorkerDataSchema, type FromWorkerMessage } from "../../../schemas/verifyJob";
import { createMediaStore } from "../media/store/mediaStoreFromEnv";
import { createCheckPlan } from "./checks/checkPlan";
import { createServerCheckRegistry } from "./checks/registry";
import { createMediaVerifierDeps } from "./mediaVerifierDeps";
import { verifyMedia } from "./verifyMedia";

const port = parentPort;
if (port === null) throw new Error("verify/worker.ts runs only as a worker thread");
const data = verifyWorkerDataSchema.parse(workerData);
const post = (message: FromWorkerMessage) => port.postMessage(message);
const media = createMediaStore(data.media, { tempDir: data.scratchDir });
// The checks come from the service that started the thread, which refused to start on a bad list.
const checks = createCheckPlan(data.checks, createServerCheckRegistry());
const limits = captureFileSchema.parse(captureJson);
const { deps, warm } = createMediaVerifierDeps({ media, ffmpegPath: data.ffmpegPath, limits, checks, env: process.env });
// Below the thread that answers requests (verification.jobs.niceness). Only on Linux, where the
// nice value is the calling thread's: elsewhere it would lower the whole service.
if (process.platform === "linux") setPriority(limits.verification.jobs.niceness);

// One job at a time: the pool sends the next only after this one's verdict or error.
port.on("message", (raw: unknown) => {
  const parsed = toWorkerMessageSchema.safeParse(raw);
  if (!parsed.success) return;
  if (parsed.data.type === "warm") {
    // A failure here shows again, and is handled, on the first job.
    void warm().catch(() => undefined);
    return;
  }
  const { jobId, input } = parsed.data;
  verifyMedia(input, deps, (step, progress) => post({ type: "progress", jobId, step, progress })).then(
    (result) => post({ type: "verdict", jobId, result }),
    (error: unknown) => post({ type: "error", jobId, message: error instanceof Error ? error.message : String(error) }),
  );
});
post({ type: "ready" });
