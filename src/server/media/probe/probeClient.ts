/**
 * The main thread's side of the probe thread (probeThread.ts): `probe()` has probeMedia's
 * contract (the same errors), but ffmpeg is started by the thread, never by the event loop
 * that answers requests. One thread, started on the first probe; a thread that dies fails the
 * probes it held (a 500, never a verdict) and the next probe starts a new one.
 */
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { MediaProbe } from "../../verify/mediaTypes";
import { MediaTimeoutError, MediaUnreadableError } from "../decode/mediaErrors";
import { probeAnswerSchema, type ProbeAnswer, type ProbeRequest } from "./probeMessages";

export interface ProbeClient {
  probe(ffmpegPath: string, file: string, options: { timeoutMs: number }): Promise<MediaProbe>;
  close(): Promise<void>;
}

/** The thread's script: the bundle next to the built service, else the TypeScript source through tsx (tests). */
function threadScript(): { url: URL; workerData?: { entry: string } } {
  const bundled = new URL("./probeWorker.mjs", import.meta.url);
  if (import.meta.url.endsWith(".mjs") && existsSync(bundled)) return { url: bundled };
  return { url: new URL("../../verify/tsWorkerBoot.mjs", import.meta.url), workerData: { entry: new URL("./probeThread.ts", import.meta.url).href } };
}

function raised(answer: Extract<ProbeAnswer, { ok: false }>): Error {
  if (answer.kind === "unreadable") return new MediaUnreadableError(answer.reason ?? answer.message);
  if (answer.kind === "timeout") return new MediaTimeoutError("probe", answer.timeoutMs ?? 0);
  return new Error(`the probe thread failed: ${answer.message}`);
}

export function createProbeClient(): ProbeClient {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve(probe: MediaProbe): void; reject(error: Error): void }>();

  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const started = (): Worker => {
    if (worker !== null) return worker;
    const script = threadScript();
    const thread = new Worker(script.url, script.workerData ? { workerData: script.workerData } : {});
    // An idle probe thread must not keep the process alive; it is ref'd while a probe waits.
    thread.unref();
    thread.on("message", (raw: unknown) => {
      const parsed = probeAnswerSchema.safeParse(raw);
      if (!parsed.success) return failAll(new Error("the probe thread sent an unreadable answer"));
      const answer = parsed.data;
      const w = waiting.get(answer.id);
      if (w === undefined) return;
      waiting.delete(answer.id);
      if (waiting.size === 0) thread.unref();
      if (answer.ok) w.resolve(answer.probe);
      else w.reject(raised(answer));
    });
    const gone = (why: string) => {
      if (worker === thread) worker = null;
      failAll(new Error(`the probe thread ${why}`));
    };
    thread.on("error", (error) => gone(`failed: ${error.message}`));
    thread.on("exit", (code) => gone(`exited (${code})`));
    worker = thread;
    return thread;
  };

  return {
    probe(ffmpegPath, file, options) {
      const thread = started();
      const id = nextId++;
      const request: ProbeRequest = { id, ffmpegPath, file, timeoutMs: options.timeoutMs };
      return new Promise<MediaProbe>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage(request);
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      failAll(new Error("the probe thread was closed"));
      if (thread !== null) await thread.terminate();
    },
  };
}
