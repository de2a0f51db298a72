import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installedNpmFfmpeg, resolveFfmpeg } from "../../../src/server/media/decode/ffmpegBinary";
import { FfmpegUnavailableError } from "../../../src/server/media/decode/mediaErrors";
import { makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";

let root = "";
/** A directory holding a fake `ffmpeg`: executable, not executable, or a directory of that name. */
async function binDir(name: string, kind: "exec" | "noexec" | "dir" | "none"): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  const file = join(dir, "ffmpeg");
  if (kind === "dir") await mkdir(file);
  if (kind === "exec" || kind === "noexec") {
    await writeFile(file, "#!/bin/sh\nexit 0\n");
    await chmod(file, kind === "exec" ? 0o755 : 0o644);
  }
  return dir;
}

beforeAll(async () => {
  root = await makeTempDir("faceflow-ffbin-");
});
afterAll(async () => {
  await removeTempDir(root);
});

const dev = () => ({ release: false, log: vi.fn<(m: string) => void>() });

describe("resolveFfmpeg", () => {
  it("takes FACEFLOW_FFMPEG first, even when the PATH has an ffmpeg", async () => {
    const chosen = join(await binDir("env-ok", "exec"), "ffmpeg");
    const onPath = await binDir("path-ok", "exec");
    expect(resolveFfmpeg({ FACEFLOW_FFMPEG: chosen, PATH: onPath }, dev())).toEqual({ path: chosen, source: "env" });
  });

  it("refuses a FACEFLOW_FFMPEG that is missing or not executable, with no fallback", async () => {
    const onPath = await binDir("path-ok2", "exec");
    const missing = join(root, "nowhere", "ffmpeg");
    expect(() => resolveFfmpeg({ FACEFLOW_FFMPEG: missing, PATH: onPath }, dev())).toThrow(FfmpegUnavailableError);
    expect(() => resolveFfmpeg({ FACEFLOW_FFMPEG: missing, PATH: onPath }, dev())).toThrow(/FACEFLOW_FFMPEG=.*no such file/);
    const noexec = join(await binDir("env-noexec", "noexec"), "ffmpeg");
    expect(() => resolveFfmpeg({ FACEFLOW_FFMPEG: noexec, PATH: onPath }, dev())).toThrow(/not executable/);
    const dir = join(await binDir("env-dir", "dir"), "ffmpeg");
    expect(() => resolveFfmpeg({ FACEFLOW_FFMPEG: dir, PATH: onPath }, dev())).toThrow(/not a regular file/);
  });

  it("searches the PATH in order, skipping empty and relative entries and unusable candidates", async () => {
    const dirs = [await binDir("p-none", "none"), await binDir("p-noexec", "noexec"), await binDir("p-dir", "dir"), await binDir("p-ok", "exec"), await binDir("p-late", "exec")];
    const PATH = ["", "relative/bin", ...dirs].join(":");
    expect(resolveFfmpeg({ FACEFLOW_FFMPEG: "", PATH }, dev())).toEqual({ path: join(root, "p-ok", "ffmpeg"), source: "path" });
  });

  it("falls back to the npm build in development, saying so once", async () => {
    const options = dev();
    const found = resolveFfmpeg({ PATH: await binDir("empty", "none") }, options);
    expect(found.source).toBe("npm");
    expect(found.path).toBe(installedNpmFfmpeg());
    expect(found.path).toMatch(/@ffmpeg-installer/);
    expect(options.log).toHaveBeenCalledTimes(1);
    expect(options.log.mock.calls[0]?.[0]).toMatch(/2018.*development only/);
  });

  it("refuses the npm build in release mode, naming FACEFLOW_FFMPEG", async () => {
    const log = vi.fn<(m: string) => void>();
    const PATH = await binDir("empty2", "none");
    expect(() => resolveFfmpeg({ PATH }, { release: true, log })).toThrow(/release mode refuses.*FACEFLOW_FFMPEG/);
    expect(log).not.toHaveBeenCalled();
  });

  it("says what was tried when there is no ffmpeg at all", () => {
    expect(() => resolveFfmpeg({}, { ...dev(), npmBinary: () => null })).toThrow(/no ffmpeg found: FACEFLOW_FFMPEG is not set, there is no ffmpeg on the PATH/);
  });
});
