/**
 * Which ffmpeg binary the service runs: the one named by FACEFLOW_FFMPEG, else `ffmpeg` on the
 * PATH, else the static build shipped by the npm package @ffmpeg-installer/ffmpeg.
 *
 * The npm build dates from 2018 (ffmpeg N-47683): fine for development on a machine without
 * ffmpeg, but a service judging untrusted uploads must not parse them with a decoder that old,
 * so release mode refuses it rather than falling back to it.
 */
import { accessSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, isAbsolute, join } from "node:path";
import { FfmpegUnavailableError } from "./mediaErrors";

type FfmpegSource = "env" | "path" | "npm";

interface FfmpegBinary {
  path: string;
  source: FfmpegSource;
}

interface ResolveFfmpegOptions {
  /** Release mode: the old npm build is refused. */
  release: boolean;
  /** Told once when the npm build is chosen. */
  log: (message: string) => void;
  /** Path of the npm package's binary, or null when it is not installed (tests replace it). */
  npmBinary?: () => string | null;
}

const FFMPEG_ENV_VAR = "FACEFLOW_FFMPEG";

/** Why `file` cannot be run, or null when it is an executable regular file. */
function notExecutable(file: string): string | null {
  try {
    if (!statSync(file).isFile()) return "not a regular file";
    accessSync(file, constants.X_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "no such file" : code === "EACCES" ? "not executable" : String(code ?? error);
  }
}

/** The first executable `ffmpeg` in the PATH's directories (relative entries are skipped: they depend on the cwd). */
function findOnPath(pathVar: string | undefined): string | null {
  for (const dir of (pathVar ?? "").split(delimiter)) {
    if (dir === "" || !isAbsolute(dir)) continue;
    const candidate = join(dir, "ffmpeg");
    if (notExecutable(candidate) === null) return candidate;
  }
  return null;
}

/** `require('@ffmpeg-installer/ffmpeg').path`, or null when the package (or its platform build) is absent. */
export function installedNpmFfmpeg(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require("@ffmpeg-installer/ffmpeg") as { path?: unknown };
    return typeof pkg.path === "string" ? pkg.path : null;
  } catch {
    return null;
  }
}

/**
 * Pick the ffmpeg binary, or throw FfmpegUnavailableError saying what was tried.
 * @example resolveFfmpeg(process.env, { release: true, log: (m) => app.log.warn(m) })
 */
export function resolveFfmpeg(env: Record<string, string | undefined>, options: ResolveFfmpegOptions): FfmpegBinary {
  const fromEnv = env[FFMPEG_ENV_VAR];
  if (fromEnv !== undefined && fromEnv !== "") {
    // Named explicitly: a wrong name is an operator's mistake to fix, not a reason to run another binary.
    const problem = notExecutable(fromEnv);
    if (problem !== null) throw new FfmpegUnavailableError(`${FFMPEG_ENV_VAR}=${fromEnv} cannot be used: ${problem}`);
    return { path: fromEnv, source: "env" };
  }

  const onPath = findOnPath(env.PATH);
  if (onPath !== null) return { path: onPath, source: "path" };

  const npmPath = (options.npmBinary ?? installedNpmFfmpeg)();
  if (npmPath === null || notExecutable(npmPath) !== null) {
    throw new FfmpegUnavailableError(
      `no ffmpeg found: ${FFMPEG_ENV_VAR} is not set, there is no ffmpeg on the PATH, and @ffmpeg-installer/ffmpeg has no usable binary`,
    );
  }
  if (options.release) {
    throw new FfmpegUnavailableError(
      `release mode refuses the 2018 ffmpeg build of @ffmpeg-installer/ffmpeg (${npmPath}): install a current ffmpeg on the PATH or set ${FFMPEG_ENV_VAR}`,
    );
  }
  options.log(`using the 2018 ffmpeg build of @ffmpeg-installer/ffmpeg (${npmPath}), for development only; set ${FFMPEG_ENV_VAR} or put ffmpeg on the PATH`);
  return { path: npmPath, source: "npm" };
}
