/**
 * The service's side of the probe process (probeProcess.ts): `probe()` has probeMedia's
 * contract (the same errors), but ffmpeg is started by that small process, never by a thread of
 * the service (a fork of the service stalls the event loop that answers requests). One process,
 * started on the first probe; a process that dies fails the probes it held (a 500, never a
 * verdict) and the next probe starts a new one.
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { MediaProbe } from "../../verify/mediaTypes";
import { MediaTimeoutError, MediaUnreadableError } from "../decode/mediaErrors";
import { probeAnswerSchema, type ProbeAnswer, type ProbeRequest } from "./probeMessages";

export interface ProbeClient {
  probe(ffmpegPath: string, file: string, options: { timeoutMs: number }): Promise<MediaProbe>;
  /** The probe process's id while it runs, else null (for diagnostics and tests). */
  pid(): number | null;
  close(): Promise<void>;
}

/** The process's script: the bundle next to the built service, else the TypeScript source through tsx (tests). */
function processScript(): { path: string; execArgv: string[] } {
  const bundled = new URL("./probeProcess.mjs", import.meta.url);
  if (import.meta.url.endsWith(".mjs") && existsSync(bundled)) return { path: fileURLToPath(bundled), execArgv: [] };
  return { path: fileURLToPath(new URL("./probeProcess.ts", import.meta.url)), execArgv: ["--import", "tsx"] };
}

function raised(answer: Extract<ProbeAnswer, { ok: false }>): Error {
  if (answer.kind === "unreadable") return new MediaUnreadableError(answer.reason ?? answer.message);
  if (answer.kind === "timeout") return new MediaTimeoutError("probe", answer.timeoutMs ?? 0);
  return new Error(`the probe process failed: ${answer.message}`);
}

export function createProbeClient(): ProbeClient {
  let child: ChildProcess | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve(probe: MediaProbe): void; reject(error: Error): void }>();

  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  // An idle probe process must not keep the service alive; it is ref'd while a probe waits.
  const hold = (proc: ChildProcess, held: boolean) => {
    if (held) (proc.ref(), proc.channel?.ref());
    else (proc.unref(), proc.channel?.unref());
  };
  const started = (): ChildProcess => {
    if (child !== null) return child;
    const script = processScript();
    const proc = fork(script.path, [], { execArgv: script.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "json" });
    hold(proc, false);
    proc.on("message", (raw: unknown) => {
      const parsed = probeAnswerSchema.safeParse(raw);
      if (!parsed.success) return failAll(new Error("the probe process sent an unreadable answer"));
      const answer = parsed.data;
      const w = waiting.get(answer.id);
      if (w === undefined) return;
      waiting.delete(answer.id);
      if (waiting.size === 0) hold(proc, false);
      if (answer.ok) w.resolve(answer.probe);
      else w.reject(raised(answer));
    });
    const gone = (why: string) => {
      if (child === proc) child = null;
      failAll(new Error(`the probe process ${why}`));
    };
    proc.on("error", (error) => gone(`failed: ${error.message}`));
    proc.on("exit", (code, signal) => gone(`exited (${signal ?? code})`));
    child = proc;
    return proc;
  };

  return {
    probe(ffmpegPath, file, options) {
      const proc = started();
      const id = nextId++;
      const request: ProbeRequest = { id, ffmpegPath, file, timeoutMs: options.timeoutMs };
      return new Promise<MediaProbe>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        hold(proc, true);
        proc.send(request, (error) => {
          if (error && waiting.delete(id)) reject(new Error(`the probe process could not be asked: ${error.message}`));
        });
      });
    },
    pid: () => child?.pid ?? null,
    async close() {
      const proc = child;
      child = null;
      failAll(new Error("the probe process was closed"));
      if (proc === null || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      proc.kill();
      await exited;
    },
  };
}
