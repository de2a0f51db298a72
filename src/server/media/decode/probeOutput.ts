/**
 * Reading a MediaProbe out of what `ffmpeg -i FILE -c copy -f null -` prints: the input dump on
 * stderr (format, duration, streams, rotation) and the `-progress` key=value lines on stdout
 * (packets of the mapped video stream, last timestamp). Pure text parsing, so it is tested on
 * the output of both ffmpeg generations we meet (Debian's 5.1 and the 2018 npm build), whose
 * dumps differ in indentation and in how rotation is shown.
 */
import type { MediaProbe } from "../../verify/mediaTypes";

/** What the progress lines say at the end of a run. */
interface ProgressSummary {
  /** Packets copied of the first mapped video stream (ffmpeg's `frame=`). */
  frames: number;
  /** Latest output timestamp, in ms from the start of the file; null when none was reported. */
  endMs: number | null;
}

/** Collects `-progress` output as it arrives, keeping only the latest values (the output can be long). */
export function createProgressReader(): { push(chunk: Buffer): void; summary(): ProgressSummary } {
  let partial = "";
  const latest: ProgressSummary = { frames: 0, endMs: null };
  const readLine = (line: string) => {
    const eq = line.indexOf("=");
    if (eq < 0) return;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key === "frame" && /^\d+$/.test(value)) latest.frames = Number(value);
    if (key === "out_time") {
      const ms = parseClock(value);
      if (ms !== null) latest.endMs = ms;
    }
  };
  return {
    push(chunk) {
      const lines = (partial + chunk.toString("latin1")).split("\n");
      partial = lines.pop() ?? "";
      // A line without a newline this long is not progress output; dropping it bounds memory.
      if (partial.length > 1024) partial = "";
      lines.forEach(readLine);
    },
    summary() {
      if (partial !== "") readLine(partial);
      partial = "";
      return { ...latest };
    },
  };
}

/** "HH:MM:SS.frac" (optionally negative) to ms; null for "N/A" or anything else. */
export function parseClock(text: string): number | null {
  const m = /^(-)?(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text.trim());
  if (m === null) return null;
  const ms = (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])) * 1000;
  return m[1] === "-" ? -ms : ms;
}

interface DumpedStream {
  index: number;
  kind: string;
  attachedPicture: boolean;
  /** The stream line after "Video: " / "Audio: ", split at top-level commas. */
  parts: string[];
  /** Its own Metadata and Side data lines. */
  details: string[];
}

/** Split at commas outside parentheses and brackets: "yuv420p(tv, progressive)" stays one part. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "(" || ch === "[") depth++;
    if (ch === ")" || ch === "]") depth = Math.max(0, depth - 1);
    if (ch === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

const STREAM_LINE = /Stream #0:(\d+)[^:]*: (\w+): (.*)$/;
const MAPPING_LINE = /Stream #0:(\d+) -> #0:\d+/;

/** The input section of the dump, its streams, and which input streams were mapped. */
function readDump(stderr: string) {
  let format: string | null = null;
  let containerMs: number | null = null;
  const streams: DumpedStream[] = [];
  const mapped = new Set<number>();
  let section: "before" | "input" | "output" | "mapping" = "before";
  for (const rawLine of stderr.split(/\r?\n/)) {
    const line = rawLine.replace(/^(?:\[[^\]]*\] )+/, ""); // "[info] " and "[component @ 0x..] " tags
    if (/^Input #0, /.test(line)) {
      section = "input";
      format = /^Input #0, (.+?), from '/.exec(line)?.[1] ?? null;
      continue;
    }
    if (/^Output #/.test(line)) section = "output";
    else if (/^Stream mapping:/.test(line)) section = "mapping";
    if (section === "mapping") {
      const m = MAPPING_LINE.exec(line);
      if (m) mapped.add(Number(m[1]));
      continue;
    }
    if (section !== "input") continue;
    const duration = /^\s*Duration: ([^,]+),/.exec(line);
    if (duration?.[1] !== undefined) containerMs = parseClock(duration[1]);
    const stream = STREAM_LINE.exec(line);
    if (stream) {
      streams.push({
        index: Number(stream[1]),
        kind: stream[2] ?? "",
        // Cover art in an MP4 is a one-picture "video" stream; the decoder maps 0:V:0, which skips it.
        attachedPicture: line.includes("(attached pic)"),
        parts: splitTopLevel(stream[3] ?? ""), details: [],
      });
    } else if (streams.length > 0) {
      streams[streams.length - 1]?.details.push(line.trim());
    }
  }
  return { format, containerMs, streams, mapped };
}

/** The codec's name: the first word of the first part ("h264 (High) (avc1 / 0x31637661)" → "h264"). */
function codecOf(stream: DumpedStream): string {
  return /^[\w-]+/.exec(stream.parts[0] ?? "")?.[0] ?? "unknown";
}

/**
 * Display rotation, in degrees clockwise (the convention of the old `rotate` tag that phones
 * write): the display matrix angle ffmpeg prints is counter-clockwise, so it is negated.
 */
function rotationOf(stream: DumpedStream): number {
  for (const detail of stream.details) {
    const matrix = /displaymatrix: rotation of (-?[\d.]+) degrees/.exec(detail);
    if (matrix) return normaliseDegrees(-Number(matrix[1]));
  }
  for (const detail of stream.details) {
    const tag = /^rotate\s*: (-?\d+)/.exec(detail);
    if (tag) return normaliseDegrees(Number(tag[1]));
  }
  return 0;
}

function normaliseDegrees(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360;
}

const LAYOUT_CHANNELS: Record<string, number> = { mono: 1, stereo: 2, "2.1": 3, "3.0": 3, quad: 4, "4.0": 4, "5.0": 5, "5.1": 6, "6.1": 7, "7.1": 8 };

function channelsOf(layout: string | undefined): number {
  if (layout === undefined) return 0;
  const counted = /^(\d+) channels/.exec(layout);
  if (counted) return Number(counted[1]);
  return LAYOUT_CHANNELS[layout.replace(/\(.*\)$/, "")] ?? 0;
}

/**
 * Build the probe from a run's stderr and progress. The duration is the longer of the
 * container's and the packets' own: MediaRecorder's WebM has no duration in its header, and a
 * header that claims less than the packets hold must not get a file under the limits.
 */
export function parseProbeOutput(stderr: string, progress: ProgressSummary): MediaProbe | null {
  const dump = readDump(stderr);
  if (dump.format === null) return null;
  const isMapped = (s: DumpedStream) => dump.mapped.size === 0 || dump.mapped.has(s.index);
  const videoStream = dump.streams.find((s) => s.kind === "Video" && isMapped(s) && !s.attachedPicture);
  const audioStream = dump.streams.find((s) => s.kind === "Audio" && isMapped(s));

  let video: MediaProbe["video"] = null;
  if (videoStream) {
    const size = videoStream.parts.map((p) => /^(\d+)x(\d+)\b/.exec(p)).find((m) => m !== null);
    video = {
      codec: codecOf(videoStream),
      width: Number(size?.[1] ?? 0),
      height: Number(size?.[2] ?? 0),
      rotation: rotationOf(videoStream),
      frames: progress.frames,
    };
  }
  let audio: MediaProbe["audio"] = null;
  if (audioStream) {
    const rateAt = audioStream.parts.findIndex((p) => /^\d+ Hz$/.test(p));
    audio = {
      codec: codecOf(audioStream),
      sampleRate: rateAt >= 0 ? Number.parseInt(audioStream.parts[rateAt] ?? "0", 10) : 0,
      channels: rateAt >= 0 ? channelsOf(audioStream.parts[rateAt + 1]) : 0,
    };
  }
  const durationMs = Math.round(Math.max(dump.containerMs ?? 0, progress.endMs ?? 0, 0));
  return { format: dump.format, durationMs, video, audio };
}
