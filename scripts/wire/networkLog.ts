/**
 * Every request of one page as Chromium's network layer counted it (headers and compressed
 * bodies, through the DevTools Protocol), and the moment its network went idle.
 *
 * Network idle, as the wire bench defines it: once the first button and heading are there, the
 * bench waits until no request has been in flight for `quietMs` (1 s) and at least `settleMs`
 * (2 s) have passed since it saw them, because the app defers its after-first-screen work to
 * requestIdleCallback with a 2 s timeout (src/ui/afterFirstScreen.ts) and a shorter wait would
 * end before that work asked for anything. The idle moment is the end of the last request
 * before that silence; the bytes to idle are those of every request started before it.
 */
import type { CDPSession } from "@playwright/test";

export interface WireRequest {
  url: string;
  /** Milliseconds after navigation start. */
  startMs: number;
  endMs: number;
  wireBytes: number;
  encoding: string;
}

/** A request as recorded, in wall-clock milliseconds. */
export interface LoggedRequest {
  url: string;
  wallStart: number;
  wallEnd: number;
  bytes: number;
  encoding: string;
  done: boolean;
}

interface NetworkLog {
  /** Every request so far, in the order they started. */
  requests(): LoggedRequest[];
  /** Resolves when every one of `requests` has finished or failed; throws after `timeoutMs`. */
  finished(requests: LoggedRequest[], timeoutMs: number): Promise<void>;
  /** Resolves with the wall-clock moment the network went idle (see above); throws after `timeoutMs`. */
  idle(options: { quietMs: number; settleMs: number; timeoutMs: number }): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts recording the requests of `cdp`'s page; call before Network.enable (applyPhoneProfile). */
export function recordNetwork(cdp: CDPSession): NetworkLog {
  const requests = new Map<string, LoggedRequest>();
  // When the bench last heard of any request starting or ending, on this process's clock.
  let lastEventAt = Date.now();
  // Monotonic CDP timestamps mapped to wall time by each request's own wallTime.
  let offset = 0;
  cdp.on("Network.requestWillBeSent", (e) => {
    lastEventAt = Date.now();
    offset = e.wallTime - e.timestamp;
    requests.set(e.requestId, { url: e.request.url, wallStart: e.wallTime * 1000, wallEnd: 0, bytes: 0, encoding: "", done: false });
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1] ?? "";
  });
  cdp.on("Network.loadingFinished", (e) => {
    lastEventAt = Date.now();
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, wallEnd: (e.timestamp + offset) * 1000, done: true });
  });
  cdp.on("Network.loadingFailed", (e) => {
    lastEventAt = Date.now();
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { wallEnd: (e.timestamp + offset) * 1000, done: true });
  });
  const pendingUrls = (rs: LoggedRequest[]) => rs.filter((r) => !r.done).map((r) => r.url).join(", ");
  return {
    requests: () => [...requests.values()],
    async finished(rs, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (rs.some((r) => !r.done)) {
        if (Date.now() > deadline) throw new Error(`wire bench: requests still in flight after ${timeoutMs} ms: ${pendingUrls(rs)}`);
        await sleep(50);
      }
    },
    async idle({ quietMs, settleMs, timeoutMs }) {
      const from = Date.now();
      const deadline = from + timeoutMs;
      for (;;) {
        const all = [...requests.values()];
        const now = Date.now();
        if (now - from >= settleMs && now - lastEventAt >= quietMs && all.every((r) => r.done)) return Math.max(0, ...all.map((r) => Math.max(r.wallStart, r.wallEnd)));
        if (now > deadline) throw new Error(`wire bench: the network was not idle ${timeoutMs} ms after the first button; in flight: ${pendingUrls(all) || "none, but requests kept starting"}`);
        await sleep(50);
      }
    },
  };
}
