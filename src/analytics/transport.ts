/**
 * The analytics transport: the extension point between the client and the network, so tests
 * (and other hosts) swap it for a double. The browser implementation is small because the
 * page-hide beacon must be sent synchronously, before any lazily loaded code could arrive.
 */

/** A completed HTTP exchange: the status and the answer parsed as JSON (undefined when it is not JSON). */
export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** Why a request produced no answer. */
export class TransportError extends Error {
  constructor(readonly kind: "timeout" | "network", message: string) {
    super(message);
    this.name = "TransportError";
  }
}

export interface AnalyticsTransport {
  /** POST `body`; rejects with TransportError when no answer came within `timeoutMs`. */
  post(url: string, body: string | Uint8Array, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer>;
  /**
   * Queue a POST that survives the page (sendBeacon); false when the browser refused it. Text
   * goes as text/plain; bytes (a gzip batch) go without a content type, because sendBeacon
   * refuses (Chrome throws) a Blob of any type outside the CORS-safelisted ones, and text/plain
   * would have the service read the bytes as text.
   */
  beacon(url: string, body: string | Uint8Array): boolean;
  /** Fire-and-forget GET through an image (the fallback where sendBeacon is missing). */
  image(url: string): void;
}

/**
 * The transport of a browser window. `fetchImpl` is taken before the request collector wraps
 * `fetch`, although that collector skips analytics URLs anyway.
 */
export function createBrowserTransport(win: Window, fetchImpl: typeof fetch = (input, init) => win.fetch(input, init)): AnalyticsTransport {
  return {
    async post(url, body, headers, timeoutMs) {
      const controller = new AbortController();
      const timer = win.setTimeout(() => controller.abort(), timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(url, { method: "POST", body: body as BodyInit, headers, signal: controller.signal, credentials: "same-origin" });
      } catch (error) {
        throw new TransportError(controller.signal.aborted ? "timeout" : "network", String(error));
      } finally {
        win.clearTimeout(timer);
      }
      let parsed: unknown;
      try {
        parsed = await response.json();
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed };
    },
    beacon(url, body) {
      const nav = win.navigator;
      if (typeof nav.sendBeacon !== "function") return false;
      try {
        return nav.sendBeacon(url, typeof body === "string" ? new Blob([body], { type: "text/plain" }) : new Blob([body as Uint8Array<ArrayBuffer>]));
      } catch {
        return false;
      }
    },
    image(url) {
      const img = new (win as Window & typeof globalThis).Image();
      img.src = url;
    },
  };
}
