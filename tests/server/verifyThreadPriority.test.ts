/**
 * Verification threads run below the thread that answers requests (src/server/verify/worker.ts,
 * verification.jobs.niceness): on Linux each thread has its own nice value, so the service's
 * own threads are read from /proc: the verification thread at the configured value, the main
 * thread (this process's first) still at 0.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCaptureLimits } from "./shippedLimits";
import { startService } from "./harness";

/** Nice value of each thread of this process, by thread id. */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      // Field 19 (nice), counted after the command name's closing parenthesis.
      nices.set(Number(tid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return nices;
}

describe.runIf(process.platform === "linux" && existsSync("/proc/self/task"))("verification thread priority", () => {
  it("lowers the verification thread to verification.jobs.niceness and leaves the main thread at 0", async () => {
    const { niceness } = loadCaptureLimits().verification.jobs;
    expect(niceness).toBeGreaterThan(0);
    const before = new Set([...threadNices()].filter(([, nice]) => nice === niceness).map(([tid]) => tid));
    const service = await startService({ verifyWorkers: 1, warmVerification: true });
    try {
      let lowered: number[] = [];
      for (let i = 0; i < 300 && lowered.length === 0; i++) {
        lowered = [...threadNices()].filter(([tid, nice]) => nice === niceness && !before.has(tid)).map(([tid]) => tid);
        if (lowered.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(lowered.length).toBeGreaterThan(0);
      expect(threadNices().get(process.pid)).toBe(0);
    } finally {
      await service.close();
    }
  }, 60_000);
});
