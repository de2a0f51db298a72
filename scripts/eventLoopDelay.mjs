/**
 * Preloaded into the built service by the verification bench (`node --import`, see
 * scripts/verifyService.ts): the main thread's event-loop delay (perf_hooks
 * monitorEventLoopDelay), in named windows the bench opens and reads over the IPC channel it
 * starts the service with. It adds a 5 ms timer while a window is open and changes nothing else.
 *
 * Messages: { type: "eld", id, op: "start" | "read", name } → { type: "eld", id, stats? } where
 * stats are milliseconds: { min, p50, p90, p99, max, mean, samples }, each the delay beyond the
 * timer's own interval (the histogram records the time between ticks, interval included).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const RESOLUTION_MS = 5;
const ms = (ns) => Math.max(0, Math.round((ns - RESOLUTION_MS * 1e6) / 1e4) / 100);

if (isMainThread && typeof process.send === "function") {
  const windows = new Map();
  process.on("message", (message) => {
    if (message === null || typeof message !== "object" || message.type !== "eld") return;
    const { id, op, name } = message;
    if (op === "start") {
      windows.get(name)?.disable();
      const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
      windows.set(name, histogram);
      process.send({ type: "eld", id });
    } else if (op === "read") {
      const histogram = windows.get(name);
      if (histogram === undefined) return void process.send({ type: "eld", id, error: `no window "${name}" was started` });
      histogram.disable();
      windows.delete(name);
      const stats = {
        min: ms(histogram.min),
        p50: ms(histogram.percentile(50)),
        p90: ms(histogram.percentile(90)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        mean: ms(histogram.mean),
        samples: histogram.count,
      };
      process.send({ type: "eld", id, stats });
    }
  });
  // The channel alone must not keep the service running once it has closed its server.
  process.channel?.unref();
}
