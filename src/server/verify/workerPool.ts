/**
 * A bounded pool of worker threads that run verification jobs (verify/worker.ts), one job per
 * thread at a time, so decoding and face analysis never run on the event loop that answers
 * requests. A thread that dies, reports an error or overruns its time is replaced and the
 * job's promise rejects with JobFailedError; the queue (verificationQueue.ts) decides whether
 * to try again.
 *
 * Each thread gets a scratch folder of its own for its temporary copies of media, removed with
 * the thread: a thread ended mid-job (its time ran out) never reaches its own clean-up, so its
 * copies go with the folder.
 */
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { fromWorkerMessageSchema, type VerifyJobInput, type VerifyResult, type VerifyWorkerData } from "../../../schemas/verifyJob";
import type { VerifyStep } from "../../../schemas/api";

export class JobFailedError extends Error {
  override readonly name = "JobFailedError";
}

export interface JobRunner {
  readonly size: number;
  /** Threads free for a job now. */
  idle(): number;
  run(jobId: number, input: VerifyJobInput, onProgress: (step: VerifyStep, progress: number) => void): Promise<VerifyResult>;
  /** Start every thread and load its models now (a service about to take traffic), rather than on its first job. */
  warm(): void;
  close(): Promise<void>;
}

interface WorkerScript {
  url: URL;
  /** Handed to the thread (the entry re-reads its own part with a schema). */
  workerData: Record<string, unknown>;
  /** Each thread gets a new folder under this one as `workerData.scratchDir`, removed with the thread. */
  scratchDir?: string;
}

/**
 * The worker entry next to this module: the bundle's verifyWorker.mjs in dist/server, or,
 * when running from the sources (tests), a small boot file that registers tsx for the thread.
 * @example defaultWorkerScript({ ffmpegPath, media: mediaStoreConfig, checks }, { scratchDir: mediaScratchDir(mediaDir) })
 */
export function defaultWorkerScript(workerData: Omit<VerifyWorkerData, "scratchDir">, options: { scratchDir?: string } = {}): WorkerScript {
  const bundled = new URL("./verifyWorker.mjs", import.meta.url);
  const scratch = options.scratchDir === undefined ? {} : { scratchDir: options.scratchDir };
  if (import.meta.url.endsWith(".mjs") && existsSync(bundled)) return { url: bundled, workerData, ...scratch };
  return { url: new URL("./tsWorkerBoot.mjs", import.meta.url), workerData: { ...workerData, entry: new URL("./worker.ts", import.meta.url).href }, ...scratch };
}

interface Slot {
  /** Started on the slot's first job, so a service that verifies nothing starts no thread. */
  worker: Worker | null;
  /** The running thread's scratch folder, when the script asks for one. */
  scratch: string | null;
  job: { id: number; resolve(r: VerifyResult): void; reject(e: Error): void; onProgress(step: VerifyStep, p: number): void; timer: NodeJS.Timeout } | null;
}

export function createWorkerPool(options: { size: number; script: WorkerScript; timeoutMs: number }): JobRunner {
  const slots: Slot[] = [];
  let closed = false;

  const settle = (slot: Slot, outcome: { result: VerifyResult } | { error: Error }) => {
    const job = slot.job;
    if (job === null) return;
    slot.job = null;
    clearTimeout(job.timer);
    if ("result" in outcome) job.resolve(outcome.result);
    else job.reject(outcome.error);
  };

  /** Ends the slot's thread, then removes its scratch folder (once nothing in the thread can still write there). */
  const stop = async (slot: Slot) => {
    const { worker, scratch } = slot;
    slot.worker = null;
    slot.scratch = null;
    worker?.removeAllListeners();
    await worker?.terminate();
    if (scratch !== null) await rm(scratch, { recursive: true, force: true });
  };

  const replace = (slot: Slot, why: string) => {
    settle(slot, { error: new JobFailedError(why) });
    void stop(slot).catch(() => undefined);
  };

  function spawn(slot: Slot): Worker {
    const { scratchDir } = options.script;
    let workerData = options.script.workerData;
    if (scratchDir !== undefined) {
      mkdirSync(scratchDir, { recursive: true });
      slot.scratch = mkdtempSync(join(scratchDir, "verify-"));
      workerData = { ...workerData, scratchDir: slot.scratch };
    }
    const worker = new Worker(options.script.url, { workerData });
    worker.on("message", (raw: unknown) => {
      const parsed = fromWorkerMessageSchema.safeParse(raw);
      if (!parsed.success) return replace(slot, "the verification worker sent an unreadable message");
      const message = parsed.data;
      if (message.type === "ready" || slot.job === null || message.jobId !== slot.job.id) return;
      if (message.type === "progress") slot.job.onProgress(message.step, message.progress);
      else if (message.type === "verdict") settle(slot, { result: message.result });
      else replace(slot, `the verification worker failed: ${message.message}`);
    });
    worker.on("error", (error) => replace(slot, `the verification worker crashed: ${error.message}`));
    worker.on("exit", (code) => {
      if (!closed && slot.worker === worker) replace(slot, `the verification worker exited with code ${code}`);
    });
    // A pool that is idle must not keep the process alive on its own.
    worker.unref();
    return worker;
  }

  for (let i = 0; i < options.size; i++) slots.push({ worker: null, scratch: null, job: null });

  return {
    size: options.size,
    idle: () => slots.filter((s) => s.job === null).length,
    run(jobId, input, onProgress) {
      const slot = slots.find((s) => s.job === null);
      if (closed || slot === undefined) return Promise.reject(new JobFailedError("no free verification worker"));
      return new Promise<VerifyResult>((resolve, reject) => {
        const timer = setTimeout(() => replace(slot, `the job ran over ${options.timeoutMs} ms`), options.timeoutMs);
        slot.job = { id: jobId, resolve, reject, onProgress, timer };
        slot.worker ??= spawn(slot);
        slot.worker.postMessage({ type: "job", jobId, input });
      });
    },
    warm() {
      for (const slot of slots) {
        slot.worker ??= spawn(slot);
        slot.worker.postMessage({ type: "warm" });
      }
    },
    async close() {
      closed = true;
      for (const slot of slots) settle(slot, { error: new JobFailedError("the pool is closing") });
      await Promise.all(slots.map((s) => stop(s)));
    },
  };
}
