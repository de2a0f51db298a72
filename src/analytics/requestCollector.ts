/**
 * Collects failed requests (HTTP status 0 or ≥ 400) by wrapping the page's fetch and
 * XMLHttpRequest. The analytics endpoints are skipped: a failing upload reported as an event
 * would be buffered and uploaded again, feeding on itself.
 */
import type { RecordFn } from "./errorCollector";
import { redactUrl } from "./truncate";

type XhrWithMeta = XMLHttpRequest & { [META]?: { method: string; url: string } };
const META = Symbol("faceflow.analytics.xhr");

/**
 * Wrap `win.fetch` and `win.XMLHttpRequest`; `skip(url)` is true for URLs never reported.
 * Returns the function that restores the originals.
 */
export function installRequestCollector(win: Window, record: RecordFn, skip: (absoluteUrl: URL) => boolean): () => void {
  const base = win.location.href;
  const report = (kind: "fetch" | "xhr", method: string, rawUrl: string, status: number, message?: string) => {
    let url: URL;
    try {
      url = new URL(rawUrl, base);
    } catch {
      return;
    }
    if (skip(url)) return;
    const data: Record<string, string | number> = { kind, method: method.toUpperCase(), url: redactUrl(rawUrl, base), status };
    if (message) data.message = message;
    record("requestError", data);
  };

  const originalFetch = win.fetch;
  const wrappedFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const rawUrl = request ? request.url : String(input);
    const method = init?.method ?? request?.method ?? "GET";
    try {
      const response = await originalFetch.call(win, input, init);
      if (response.status >= 400) report("fetch", method, rawUrl, response.status);
      return response;
    } catch (error) {
      // An abort is the caller's own decision, not a failure of the request.
      if (!(error instanceof DOMException && error.name === "AbortError")) report("fetch", method, rawUrl, 0, String(error));
      throw error;
    }
  };
  if (typeof originalFetch === "function") win.fetch = wrappedFetch;

  const proto = (win as Window & typeof globalThis).XMLHttpRequest?.prototype;
  const originalOpen = proto?.open;
  const originalSend = proto?.send;
  if (proto && originalOpen && originalSend) {
    proto.open = function (this: XhrWithMeta, method: string, url: string | URL, ...rest: unknown[]) {
      this[META] = { method, url: String(url) };
      return (originalOpen as (...args: unknown[]) => void).call(this, method, url, ...rest);
    } as typeof proto.open;
    proto.send = function (this: XhrWithMeta, body?: Document | XMLHttpRequestBodyInit | null) {
      const meta = this[META];
      if (meta) {
        let aborted = false;
        this.addEventListener("abort", () => (aborted = true));
        this.addEventListener("loadend", () => {
          if (!aborted && (this.status === 0 || this.status >= 400)) report("xhr", meta.method, meta.url, this.status);
        });
      }
      return originalSend.call(this, body);
    };
  }

  return () => {
    if (win.fetch === wrappedFetch) win.fetch = originalFetch;
    if (proto && originalOpen && originalSend) {
      proto.open = originalOpen;
      proto.send = originalSend;
    }
  };
}
