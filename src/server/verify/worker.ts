/**
 * A verification worker thread (started by workerPool.ts; bundled as dist/server/verifyWorker.mjs).
 * It loads Human and the voice detector on its first job that needs them (or on "warm") and
 * keeps them, then runs each job it is handed (verifyMedia.ts), reporting progress and the
 * verdict. Nothing here touches the store: the main thread records verdicts.
 */
import { parentPort, workerData } from "node:worker_threads";
import * as z from "zod";
import { toWorkerMessageSchema, type FromWorkerMessage } from "../../../schemas/verifyJob";
import { loadCaptureLimits } from "../limits";
import { createMediaVerifierDeps } from "./mediaVerifierDeps";
import { verifyMedia } from "./verifyMedia";

const dataSchema = z.object({ mediaDir: z.string().min(1), ffmpegPath: z.string().min(1) });

const port = parentPort;
if (port === null) throw new Error("verify/worker.ts runs only as a worker thread");
const data = dataSchema.parse(workerData);
const post = (message: FromWorkerMessage) => port.postMessage(message);
const { deps, warm } = createMediaVerifierDeps({ mediaDir: data.mediaDir, ffmpegPath: data.ffmpegPath, limits: loadCaptureLimits(), env: process.env });

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
