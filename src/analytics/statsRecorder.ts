/**
 * The statistics the flow emits (page views, load and stay time, guard statistics such as
 * noCookie, auth-code success/failure), kept in order in a bounded in-page buffer that the
 * analytics client (spec §7) drains and uploads. Until a sink is attached, the newest
 * `limit` events are kept so nothing emitted during start-up is lost.
 */
interface StatEvent {
  name: string;
  at: number;
  data: Record<string, string | number | boolean>;
}

export interface StatsRecorder {
  record(name: string, data?: Record<string, string | number | boolean>): void;
  /** Events recorded so far and not yet handed to a sink. */
  pending(): readonly StatEvent[];
  /** Hand every pending and future event to `sink`; returns the detach function. */
  attach(sink: (event: StatEvent) => void): () => void;
}

export function createStatsRecorder(now: () => number, limit = 200): StatsRecorder {
  const buffer: StatEvent[] = [];
  let sink: ((event: StatEvent) => void) | null = null;
  return {
    record(name, data = {}) {
      const event = { name, at: now(), data };
      if (sink) return sink(event);
      buffer.push(event);
      if (buffer.length > limit) buffer.shift();
    },
    pending: () => buffer.slice(),
    attach(next) {
      sink = next;
      for (const e of buffer.splice(0)) next(e);
      return () => {
        if (sink === next) sink = null;
      };
    },
  };
}
