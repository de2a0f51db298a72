/**
 * Run ffmpeg as a separate program with hard bounds: a deadline (SIGKILL when passed), an abort
 * signal, a cap on the stderr kept, and output pipes read as they arrive by handlers that may
 * refuse what they see (a handler that throws kills ffmpeg and the run fails with its error).
 * Arguments go to execve as an array, never through a shell.
 */
import { spawn, type StdioPipe } from "node:child_process";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import { MediaTimeoutError } from "./mediaErrors";

interface FfmpegRun {
  path: string;
  args: string[];
  stage: "probe" | "decode";
  timeoutMs: number;
  signal?: AbortSignal;
  /** Output pipes by fd (1 is stdout, 3 and up are extra pipes given as pipe:N), each handed its chunks in order. */
  outputs?: Record<number, (chunk: Buffer) => void>;
  /** Bytes of stderr kept (the start: the stream dump and the first error come first). */
  stderrLimitBytes?: number;
}

interface FfmpegExit {
  /** Exit code; ffmpeg only ends by itself here, so this is never null. */
  code: number;
  stderr: string;
}

const DEFAULT_STDERR_LIMIT = 64 * 1024;

/** Run ffmpeg to its end; rejects on timeout, abort, a failed start, or a throwing output handler. */
export function runFfmpeg(run: FfmpegRun): Promise<FfmpegExit> {
  if (run.signal?.aborted) return Promise.reject(run.signal.reason);
  const outputs = run.outputs ?? {};
  const fds = Object.keys(outputs).map(Number);
  const stdio: ("ignore" | StdioPipe)[] = ["ignore", "ignore", "pipe"];
  for (const fd of fds) {
    while (stdio.length <= fd) stdio.push("ignore");
    stdio[fd] = "pipe";
  }
  const child = spawn(run.path, run.args, { stdio, windowsHide: true });
  const stderrLimit = run.stderrLimitBytes ?? DEFAULT_STDERR_LIMIT;

  return new Promise<FfmpegExit>((resolve, reject) => {
    let failure: unknown = null;
    let settled = false;
    const stderrChunks: Buffer[] = [];
    let stderrBytes = 0;

    const finish = (error: unknown, exit?: FfmpegExit) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      if (exit !== undefined && error === null) resolve(exit);
      else reject(error);
    };
    // On failure the child is killed and the run settles when it has exited, not when its pipes
    // close: a grandchild holding a pipe open must not keep the caller waiting.
    const fail = (error: unknown) => {
      if (failure !== null || settled) return;
      failure = error;
      child.kill("SIGKILL");
      for (const stream of child.stdio) stream?.destroy();
      if (child.exitCode !== null || child.signalCode !== null) finish(error);
    };
    const onAbort = () => fail(run.signal?.reason);
    const timer = setTimeout(() => fail(new MediaTimeoutError(run.stage, run.timeoutMs)), run.timeoutMs);
    run.signal?.addEventListener("abort", onAbort, { once: true });

    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderrBytes >= stderrLimit) return;
      const kept = chunk.subarray(0, stderrLimit - stderrBytes);
      stderrChunks.push(kept);
      stderrBytes += kept.length;
    });
    for (const fd of fds) {
      const handler = outputs[fd];
      const stream = child.stdio[fd] as Readable | null;
      stream?.on("data", (chunk: Buffer) => {
        if (failure !== null || handler === undefined) return;
        try {
          handler(chunk);
        } catch (error) {
          fail(error);
        }
      });
      stream?.on("error", () => {}); // EPIPE and resets after a kill are expected; the exit decides.
    }
    child.on("error", (error) => {
      // spawn failed (ENOENT, EACCES): there is no process to wait for.
      failure ??= new Error(`could not start ffmpeg at ${run.path}: ${error.message}`);
      finish(failure);
    });
    child.on("exit", () => {
      if (failure !== null) finish(failure);
    });
    child.on("close", (code) => {
      if (failure !== null) return finish(failure);
      finish(null, { code: code ?? -1, stderr: Buffer.concat(stderrChunks).toString("utf8") });
    });
  });
}

const ERROR_LEVEL = /\[(?:error|fatal|panic)\] /;
const MAX_REASON_CHARS = 200;

/**
 * ffmpeg's reason for a failure in a few words: its first error-level line (runs use
 * `-loglevel level+...`, which tags each line), else the first line, with the component's
 * memory address taken out and the file's directory dropped (neither helps, and our paths are ours to keep).
 */
export function ffmpegReason(stderr: string, file: string, code?: number): string {
  const lines = stderr.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  const line = lines.find((l) => ERROR_LEVEL.test(l)) ?? lines[0];
  if (line === undefined) return code === undefined ? "ffmpeg failed without a message" : `ffmpeg exited with code ${code}`;
  const cleaned = line
    .replace(/\[(?:info|warning|error|fatal|panic|verbose|debug)\] /g, "")
    // "[matroska,webm @ 0x55..] " names the component; "[NULL @ 0x55..] " (a bare parser) names nothing.
    .replace(/\[NULL @ 0x[0-9a-f]+\] /g, "")
    .replace(/\[([^\]@]+?) @ 0x[0-9a-f]+\] /g, "$1: ")
    .split(file).join(basename(file))
    .trim();
  return cleaned.length > MAX_REASON_CHARS ? `${cleaned.slice(0, MAX_REASON_CHARS - 1)}…` : cleaned;
}

/** The error-level lines of a `-loglevel level+...` stderr (empty when ffmpeg complained of nothing serious). */
export function errorLines(stderr: string): string[] {
  return stderr.split(/\r?\n/).filter((line) => ERROR_LEVEL.test(line));
}
