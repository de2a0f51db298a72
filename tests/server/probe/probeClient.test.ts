/**
 * The probe process (src/server/media/probe/): no thread of the service starts ffmpeg for a
 * probe; a small process of its own does. The client answers what probeMedia answers and raises
 * the same error classes. (The event loop's delay during a burst of uploads is measured by
 * `npm run bench`, not timed here.)
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaUnreadableError } from "../../../src/server/media/decode/mediaErrors";
import { probeMedia } from "../../../src/server/media/decode/probeMedia";
import { createProbeClient, type ProbeClient } from "../../../src/server/media/probe/probeClient";
import { makeClip, makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";

let dir = "";
let client: ProbeClient;
let clip = "";

beforeAll(async () => {
  dir = await makeTempDir("faceflow-probe-process-");
  clip = await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8" });
  client = createProbeClient();
});
afterAll(async () => {
  await client.close();
  await removeTempDir(dir);
});

describe("the probe process", () => {
  it("answers what probeMedia answers in this process, from a process of its own", async () => {
    const direct = await probeMedia("ffmpeg", clip, { timeoutMs: 20_000 });
    expect(await client.probe("ffmpeg", clip, { timeoutMs: 20_000 })).toEqual(direct);
    const pid = client.pid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
  });

  it("raises MediaUnreadableError for a file that is not a recording, with ffmpeg's reason", async () => {
    const junk = join(dir, "junk.webm");
    await writeFile(junk, Buffer.from("not a video at all, just text".repeat(40)));
    const error = await client.probe("ffmpeg", junk, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaUnreadableError);
    expect((error as MediaUnreadableError).reason.length).toBeGreaterThan(0);
  });

  it("a missing program is the service's fault (a plain Error), never a verdict on the media", async () => {
    const error = await client.probe("/nonexistent/ffmpeg", clip, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MediaUnreadableError);
  });

  it("a closed client fails what it held, ends its process, and a new client starts its own", async () => {
    const other = createProbeClient();
    const pending = other.probe("ffmpeg", clip, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    const pid = other.pid() as number;
    await other.close();
    expect(await pending).toMatchObject({ message: expect.stringMatching(/closed/) });
    expect(() => process.kill(pid, 0)).toThrow();
    const again = createProbeClient();
    expect((await again.probe("ffmpeg", clip, { timeoutMs: 20_000 })).video?.codec).toBe("vp8");
    await again.close();
  });

  it("a probe process that died fails what it held, and the next probe starts a new one", async () => {
    const other = createProbeClient();
    const pending = other.probe("ffmpeg", clip, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    const pid = other.pid() as number;
    process.kill(pid, "SIGKILL");
    expect(await pending).toMatchObject({ message: expect.stringMatching(/exited/) });
    expect((await other.probe("ffmpeg", clip, { timeoutMs: 20_000 })).video?.codec).toBe("vp8");
    expect(other.pid()).not.toBe(pid);
    await other.close();
  });
});
