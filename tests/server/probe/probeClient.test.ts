/**
 * The probe thread (src/server/media/probe/): the service's main thread never starts ffmpeg
 * itself. The client answers what probeMedia answers and raises the same error classes. (The
 * event loop's delay during a burst of uploads is measured by `npm run bench`, not timed here.)
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
  dir = await makeTempDir("faceflow-probe-thread-");
  clip = await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8" });
  client = createProbeClient();
});
afterAll(async () => {
  await client.close();
  await removeTempDir(dir);
});

describe("the probe thread", () => {
  it("answers what probeMedia answers on the main thread", async () => {
    const direct = await probeMedia("ffmpeg", clip, { timeoutMs: 20_000 });
    expect(await client.probe("ffmpeg", clip, { timeoutMs: 20_000 })).toEqual(direct);
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

  it("a closed client fails what it held and a new client starts its own thread", async () => {
    const other = createProbeClient();
    const pending = other.probe("ffmpeg", clip, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    await other.close();
    expect(await pending).toMatchObject({ message: expect.stringMatching(/closed/) });
    const again = createProbeClient();
    expect((await again.probe("ffmpeg", clip, { timeoutMs: 20_000 })).video?.codec).toBe("vp8");
    await again.close();
  });
});
