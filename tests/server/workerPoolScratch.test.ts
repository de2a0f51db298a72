/**
 * The worker pool's scratch folders (verify/workerPool.ts): each thread gets its own, and it is
 * removed with the thread, so a job whose thread is ended mid-way (its time ran out, so none of
 * its own clean-up ran) leaves no temporary copy behind. The thread here is a stand-in that
 * writes a "copy" into its folder and never answers.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { VerifyJobInput } from "../../schemas/verifyJob";
import { createWorkerPool, JobFailedError } from "../../src/server/verify/workerPool";

const STUCK_WORKER = `
import { parentPort, workerData } from "node:worker_threads";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
parentPort.on("message", (message) => {
  if (message.type !== "job") return;
  writeFileSync(join(workerData.scratchDir, "copy-of-" + message.jobId + ".webm"), "bytes");
  parentPort.postMessage({ type: "progress", jobId: message.jobId, step: "decoding", progress: 0.05 });
  // ...and never answers: ffmpeg hung, say.
});
parentPort.postMessage({ type: "ready" });
`;

const input = { attemptId: 1 } as unknown as VerifyJobInput;

let dir: string;
let script: URL;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "faceflow-pool-"));
  writeFileSync(join(dir, "stuck.mjs"), STUCK_WORKER);
  script = pathToFileURL(join(dir, "stuck.mjs"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe("worker pool scratch folders", () => {
  it("gives each thread its own folder and removes it with a thread whose job ran out of time", async () => {
    const scratch = join(dir, "media", ".tmp");
    const pool = createWorkerPool({ size: 2, script: { url: script, workerData: {}, scratchDir: scratch }, timeoutMs: 1500 });
    let decoding = 0;
    const jobs = [1, 2].map((id) => pool.run(id, input, () => void (decoding += 1)));
    expect(await until(() => decoding === 2)).toBe(true);
    const folders = readdirSync(scratch);
    expect(folders).toHaveLength(2);
    expect(folders.map((f) => readdirSync(join(scratch, f)))).toEqual(expect.arrayContaining([["copy-of-1.webm"], ["copy-of-2.webm"]]));

    for (const job of jobs) await expect(job).rejects.toBeInstanceOf(JobFailedError);
    expect(await until(() => readdirSync(scratch).length === 0)).toBe(true);
    await pool.close();
  });

  it("removes an idle thread's folder when the pool closes", async () => {
    const scratch = join(dir, "scratch");
    const pool = createWorkerPool({ size: 1, script: { url: script, workerData: {}, scratchDir: scratch }, timeoutMs: 60_000 });
    pool.warm();
    expect(readdirSync(scratch)).toHaveLength(1);
    await pool.close();
    expect(readdirSync(scratch)).toEqual([]);
  });

  it("makes no folder when the script asks for none", async () => {
    const pool = createWorkerPool({ size: 1, script: { url: script, workerData: {} }, timeoutMs: 60_000 });
    pool.warm();
    await pool.close();
    expect(existsSync(join(dir, "scratch"))).toBe(false);
  });
});
