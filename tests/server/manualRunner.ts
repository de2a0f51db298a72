/**
 * Stand-ins for the verification worker pool (BuildAppOptions.verificationRunner): jobs that
 * end only when a test says so, and verdicts shaped as a worker sends them.
 */
import type { VerifyStep } from "../../schemas/api";
import type { VerifyJobInput, VerifyResult } from "../../schemas/verifyJob";
import type { JobRunner } from "../../src/server/verify/workerPool";

/** A verdict as a worker would send it: code "0" passes every check named, any other code fails the last one. */
export function verdict(code: string, checks: string[] = ["media", "duration", "face", "identity", "liveness"], extra: Partial<VerifyResult> = {}): VerifyResult {
  const passed = code === "0";
  return {
    passed,
    code,
    liveRate: passed ? 93 : 0,
    willCode: null,
    faceCode: code,
    similarity: null,
    checks: checks.map((name, i) => ({ name, passed: passed || i < checks.length - 1, detail: `fake ${name}` })),
    ...extra,
  };
}

/** One job a ManualRunner was handed, for the test to report on and settle. */
export interface ManualJob {
  jobId: number;
  input: VerifyJobInput;
  progress(step: VerifyStep, progress: number): void;
  resolve(result: VerifyResult): void;
  reject(error: Error): void;
}

/** A pool whose jobs end only when the test says so (or never): what ran, in order, and what runs now. */
export interface ManualRunner extends JobRunner {
  /** Every job handed over, in order. */
  readonly started: ManualJob[];
  /** Jobs handed over and not settled yet. */
  running(): ManualJob[];
  /** Resolves with the `n`th job handed over (0-based) once it is. */
  nth(n: number): Promise<ManualJob>;
}

/**
 * A verification runner with `size` slots whose jobs wait for the test; with `judge`, each
 * job is settled by it at once instead (a resolved value passes through, a throw rejects).
 */
export function manualRunner(size = 1, judge?: (input: VerifyJobInput, call: number) => VerifyResult | Promise<VerifyResult>): ManualRunner {
  const started: ManualJob[] = [];
  const open = new Set<ManualJob>();
  const waiters: (() => void)[] = [];
  let closed = false;
  const runner: ManualRunner = {
    size,
    started,
    running: () => [...open],
    idle: () => (closed ? 0 : size - open.size),
    warm: () => undefined,
    run(jobId, input, onProgress) {
      if (closed || open.size >= size) return Promise.reject(new Error("no free slot"));
      return new Promise<VerifyResult>((resolve, reject) => {
        const job: ManualJob = {
          jobId,
          input,
          progress: onProgress,
          resolve: (r) => open.delete(job) && resolve(r),
          reject: (e) => open.delete(job) && reject(e),
        };
        open.add(job);
        started.push(job);
        for (const wake of waiters.splice(0)) wake();
        if (judge) Promise.resolve().then(() => judge(input, started.length)).then(job.resolve, (e: unknown) => job.reject(e instanceof Error ? e : new Error(String(e))));
      });
    },
    async nth(n) {
      while (started.length <= n) await new Promise<void>((resolve) => waiters.push(resolve));
      return started[n] as ManualJob;
    },
    // Closing leaves unsettled jobs unsettled, as a process that stops would.
    close: async () => void (closed = true),
  };
  return runner;
}
