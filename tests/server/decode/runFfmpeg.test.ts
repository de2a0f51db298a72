import { chmod, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaTimeoutError } from "../../../src/server/media/decode/mediaErrors";
import { errorLines, ffmpegReason, runFfmpeg } from "../../../src/server/media/decode/runFfmpeg";
import { makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";

let dir = "";
/** A fake ffmpeg: a shell script that records its pid in `$1` and does `body`. */
async function fakeFfmpeg(name: string, body: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, `#!/bin/sh\necho $$ > "$1"\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pidOf = async (file: string) => Number((await readFile(file, "utf8")).trim());

beforeAll(async () => {
  dir = await makeTempDir("faceflow-run-");
});
afterAll(async () => {
  await removeTempDir(dir);
});

describe("runFfmpeg", () => {
  it("kills ffmpeg when the deadline passes", async () => {
    const path = await fakeFfmpeg("sleepy", "exec sleep 30");
    const pidFile = join(dir, "sleepy.pid");
    const started = Date.now();
    await expect(runFfmpeg({ path, args: [pidFile], stage: "decode", timeoutMs: 300 })).rejects.toBeInstanceOf(MediaTimeoutError);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isAlive(await pidOf(pidFile))).toBe(false);
  });

  it("settles on the kill even when a grandchild keeps its pipes open", async () => {
    const path = await fakeFfmpeg("forks", `sleep 30 &\necho $! > "$1.child"\nwait`);
    const pidFile = join(dir, "forks.pid");
    await expect(runFfmpeg({ path, args: [pidFile], stage: "probe", timeoutMs: 300 })).rejects.toThrow(/probe did not finish within 300 ms/);
    expect(isAlive(await pidOf(pidFile))).toBe(false);
    process.kill(await pidOf(`${pidFile}.child`), "SIGKILL");
  });

  it("kills ffmpeg on abort and rejects with the signal's reason", async () => {
    const path = await fakeFfmpeg("abortable", "exec sleep 30");
    const pidFile = join(dir, "abortable.pid");
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("job cancelled")), 200);
    await expect(runFfmpeg({ path, args: [pidFile], stage: "decode", timeoutMs: 10_000, signal: controller.signal })).rejects.toThrow("job cancelled");
    expect(isAlive(await pidOf(pidFile))).toBe(false);
  });

  it("kills ffmpeg when an output handler refuses what it reads", async () => {
    const path = await fakeFfmpeg("flood", "exec yes faceflow >&3");
    const pidFile = join(dir, "flood.pid");
    let chunks = 0;
    const outputs = {
      3: () => {
        if (++chunks === 3) throw new Error("too much output");
      },
    };
    await expect(runFfmpeg({ path, args: [pidFile], stage: "decode", timeoutMs: 10_000, outputs })).rejects.toThrow("too much output");
    expect(chunks).toBe(3);
    expect(isAlive(await pidOf(pidFile))).toBe(false);
  });

  it("keeps only the first bytes of stderr", async () => {
    const path = await fakeFfmpeg("chatty", "head -c 1000000 /dev/zero | tr '\\0' x >&2\nexit 3");
    const exit = await runFfmpeg({ path, args: [join(dir, "chatty.pid")], stage: "probe", timeoutMs: 10_000, stderrLimitBytes: 4096 });
    expect(exit.code).toBe(3);
    expect(exit.stderr.length).toBe(4096);
  });

  it("hands every fd its own bytes, in order", async () => {
    const path = await fakeFfmpeg("writer", "printf one; printf three >&3; printf four >&4");
    const got: Record<number, string> = { 1: "", 3: "", 4: "" };
    const collect = (fd: number) => (chunk: Buffer) => (got[fd] += chunk.toString());
    const exit = await runFfmpeg({ path, args: [join(dir, "writer.pid")], stage: "decode", timeoutMs: 10_000, outputs: { 1: collect(1), 3: collect(3), 4: collect(4) } });
    expect(exit.code).toBe(0);
    expect(got).toEqual({ 1: "one", 3: "three", 4: "four" });
  });

  it("rejects when the binary cannot be started", async () => {
    await expect(runFfmpeg({ path: join(dir, "missing"), args: [], stage: "probe", timeoutMs: 1000 })).rejects.toThrow(/could not start ffmpeg/);
  });
});

describe("ffmpegReason", () => {
  const file = "/srv/uploads/abc123/recording.webm";
  it("prefers the first error-level line, without addresses or our directories", () => {
    const stderr = [
      "[matroska,webm @ 0x55d0c0ffee00] [warning] Format matroska,webm detected only with low score of 1",
      "[matroska,webm @ 0x55d0c0ffee00] [error] EBML header parsing failed",
      `[error] ${file}: Invalid data found when processing input`,
    ].join("\n");
    expect(ffmpegReason(stderr, file)).toBe("matroska,webm: EBML header parsing failed");
    expect(errorLines(stderr)).toHaveLength(2);
    expect(ffmpegReason(`[error] ${file}: No such file or directory`, file)).toBe("recording.webm: No such file or directory");
  });

  it("drops a bare parser's NULL tag", () => {
    expect(ffmpegReason("[NULL @ 0x5652ad323600] [error] Invalid NAL unit size (656 > 596).", file)).toBe("Invalid NAL unit size (656 > 596).");
  });

  it("bounds the length, and says something when ffmpeg said nothing", () => {
    expect(ffmpegReason(`[error] ${"x".repeat(5000)}`, file)).toHaveLength(200);
    expect(ffmpegReason("", file, 69)).toBe("ffmpeg exited with code 69");
  });
});
