/**
 * The probe thread: runs probeMedia for the main thread. Starting a program (fork and exec of
 * a process the size of the service) blocks the thread that asks for it; in bursts of uploads
 * that reached 0.46 s of event-loop delay on the main thread, so the main thread never spawns
 * ffmpeg itself: this thread does, and only posts the parsed probe back.
 */
import { parentPort } from "node:worker_threads";
import { MediaTimeoutError, MediaUnreadableError } from "../decode/mediaErrors";
import { probeMedia } from "../decode/probeMedia";
import { probeRequestSchema, type ProbeAnswer } from "./probeMessages";

const port = parentPort;
if (port === null) throw new Error("probeThread.ts runs only as a worker thread");

port.on("message", (raw: unknown) => {
  const request = probeRequestSchema.parse(raw);
  probeMedia(request.ffmpegPath, request.file, { timeoutMs: request.timeoutMs }).then(
    (probe) => port.postMessage({ ok: true, id: request.id, probe } satisfies ProbeAnswer),
    (error: unknown) => {
      const answer: ProbeAnswer =
        error instanceof MediaUnreadableError
          ? { ok: false, id: request.id, kind: "unreadable", message: error.message, reason: error.reason }
          : error instanceof MediaTimeoutError
            ? { ok: false, id: request.id, kind: "timeout", message: error.message, timeoutMs: error.timeoutMs }
            : { ok: false, id: request.id, kind: "other", message: error instanceof Error ? error.message : String(error) };
      port.postMessage(answer);
    },
  );
});
