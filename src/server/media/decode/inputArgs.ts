/**
 * How every decoder run opens an upload. The file is untrusted, so ffmpeg may only read it as a
 * plain local file (no protocol prefix like "concat:" or "http:" is honoured) and only with the
 * two demuxers of the containers the service accepts: an upload that is really an HLS playlist
 * or a concat script cannot make ffmpeg open other files or URLs.
 */
import { resolve } from "node:path";

/** ffmpeg's names of the demuxers accepted: MediaRecorder's WebM, phones' MP4 and QuickTime. */
const ACCEPTED_DEMUXERS = "matroska,webm,mov,mp4,m4a,3gp,3g2,mj2";

/** The absolute path ffmpeg is given (an absolute path cannot be read as a protocol prefix). */
export function inputPath(file: string): string {
  return resolve(file);
}

/** The input options and `-i` for `file`. */
export function fileInputArgs(file: string): string[] {
  return ["-protocol_whitelist", "file", "-format_whitelist", ACCEPTED_DEMUXERS, "-i", inputPath(file)];
}
