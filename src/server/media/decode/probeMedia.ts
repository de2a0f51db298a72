/**
 * probeMedia: what a recording on disk really holds, asked of the ffmpeg binary alone (the npm
 * build ships no ffprobe). ffmpeg copies the first video and first audio stream to the null
 * muxer, which reads every packet without decoding one: the input dump gives the streams, and
 * the progress output gives the packet count and the last timestamp, so a MediaRecorder WebM
 * with no duration in its header still gets its real length. Input is a file, never a pipe,
 * so an MP4 whose index (moov) is at the end is read like any other. Only WebM and MP4/QuickTime
 * are opened (inputArgs.ts); anything else is unreadable.
 */
import type { MediaProbe } from "../../verify/mediaTypes";
import { MediaUnreadableError } from "./mediaErrors";
import { createProgressReader, parseProbeOutput } from "./probeOutput";
import { fileInputArgs, inputPath } from "./inputArgs";
import { errorLines, ffmpegReason, runFfmpeg } from "./runFfmpeg";

interface ProbeOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The ffmpeg arguments of a probe (exported for tests and for reading in logs). */
function probeArgs(file: string): string[] {
  return [
    "-hide_banner", "-nostdin", "-nostats",
    // Tag every line with its level, so a damaged file's errors are told from the stream dump.
    "-loglevel", "level+info",
    ...fileInputArgs(file),
    // The same streams the decoder takes: first real video (V skips cover art), first audio.
    "-map", "0:V:0?", "-map", "0:a:0?",
    "-c", "copy", "-f", "null", "-",
    "-progress", "pipe:1",
  ];
}

/**
 * Probe `file`; throws MediaUnreadableError with ffmpeg's reason when it cannot read the file or
 * reports it damaged (a truncated upload), MediaTimeoutError when it takes too long.
 * @example const probe = await probeMedia(ffmpeg.path, "/tmp/upload/rec.webm", { timeoutMs: 10_000 });
 */
export async function probeMedia(ffmpegPath: string, file: string, options: ProbeOptions): Promise<MediaProbe> {
  const progress = createProgressReader();
  const input = inputPath(file);
  const exit = await runFfmpeg({
    path: ffmpegPath,
    args: probeArgs(file),
    stage: "probe",
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    outputs: { 1: (chunk) => progress.push(chunk) },
  });
  if (exit.code !== 0) throw new MediaUnreadableError(ffmpegReason(exit.stderr, input, exit.code));
  // ffmpeg exits 0 on a file that ends early or has corrupt packets, copying what it could; a
  // recording judged for liveness must be whole, so any error-level complaint refuses it.
  const [firstError] = errorLines(exit.stderr);
  if (firstError !== undefined) throw new MediaUnreadableError(ffmpegReason(firstError, input));
  const probe = parseProbeOutput(exit.stderr, progress.summary());
  if (probe === null) throw new MediaUnreadableError(ffmpegReason(exit.stderr, input, exit.code));
  return probe;
}
