/**
 * Collects script errors and failed resource loads (spec §8: "the analytics tool reports
 * script errors, failed resource loads and failed requests"). One capture-phase `error`
 * listener on the window sees both: resource errors do not bubble, so only the capture
 * phase catches them, and they arrive as plain Events whose target is the element.
 */
import type { EventValue } from "../../schemas/analytics";
import { cutText, redactUrl } from "./truncate";

export type RecordFn = (name: string, data: Record<string, EventValue>) => void;

interface ErrorCollectorLimits {
  elementTextMax: number;
  outerHtmlMax: number;
}

/** Start collecting on `win`; returns the function that stops it. */
export function installErrorCollector(win: Window, record: RecordFn, limits: ErrorCollectorLimits): () => void {
  const base = win.location.href;
  const onError = (event: Event) => {
    const target = event.target;
    if (target && target !== win && typeof (target as Element).tagName === "string") {
      const el = target as Element & { src?: string; href?: string; currentSrc?: string };
      const source = el.currentSrc || el.src || el.href || el.getAttribute("src") || el.getAttribute("href") || "";
      record("resourceError", {
        tag: el.tagName.toLowerCase(),
        src: source ? redactUrl(source, base) : "",
        outerHTML: cutText(el.outerHTML, limits.outerHtmlMax),
        text: cutText((el.textContent ?? "").trim(), limits.elementTextMax),
      });
      return;
    }
    const e = event as ErrorEvent;
    record("scriptError", {
      message: String(e.message ?? ""),
      filename: e.filename ? redactUrl(e.filename, base) : "",
      line: e.lineno ?? 0,
      column: e.colno ?? 0,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    record("scriptError", {
      message: reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason),
      kind: "unhandledrejection",
    });
  };
  win.addEventListener("error", onError, true);
  win.addEventListener("unhandledrejection", onRejection);
  return () => {
    win.removeEventListener("error", onError, true);
    win.removeEventListener("unhandledrejection", onRejection);
  };
}
