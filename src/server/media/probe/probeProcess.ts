/**
 * The probe process: runs probeMedia for the service. Starting a program forks the process that
 * asks for it, and forking a process the size of the service (Human's models in every
 * verification thread) stalls its other threads, the one answering requests included: in a
 * burst of uploads, spawning from a thread of the service still held the event loop up to
 * 0.2-0.3 s. This small process (a few tens of MB) starts each ffmpeg instead and only sends the
 * parsed probe back over the IPC channel; it ends when the service closes the channel.
 */
import { MediaTimeoutError, MediaUnreadableError } from "../decode/mediaErrors";
import { probeMedia } from "../decode/probeMedia";
import { probeRequestSchema, type ProbeAnswer } from "./probeMessages";

const send = process.send?.bind(process);
if (send === undefined) throw new Error("probeProcess.ts runs only as a child process with an IPC channel (probeClient.ts)");

process.on("message", (raw: unknown) => {
  const request = probeRequestSchema.parse(raw);
  probeMedia(request.ffmpegPath, request.file, { timeoutMs: request.timeoutMs }).then(
    (probe) => send({ ok: true, id: request.id, probe } satisfies ProbeAnswer),
    (error: unknown) => {
      const answer: ProbeAnswer =
        error instanceof MediaUnreadableError
          ? { ok: false, id: request.id, kind: "unreadable", message: error.message, reason: error.reason }
          : error instanceof MediaTimeoutError
            ? { ok: false, id: request.id, kind: "timeout", message: error.message, timeoutMs: error.timeoutMs }
            : { ok: false, id: request.id, kind: "other", message: error instanceof Error ? error.message : String(error) };
      send(answer);
    },
  );
});
// The service closed the channel (it closed, or died): nothing is left to answer.
process.on("disconnect", () => process.exit(0));
