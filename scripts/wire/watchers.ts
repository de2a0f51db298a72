/**
 * Init scripts the wire bench installs before any script of a page runs: each notes on
 * `window` the moment (performance.now(), so milliseconds after navigation start) a user could
 * first use or read the page. Each also checks at once and at DOMContentLoaded, not only on
 * mutations: a page the service sends already rendered (server-side rendering, issue 33) has its
 * heading and its buttons in the HTML before any script runs.
 */

/** What the page holds once the watchers have seen something; read with page.evaluate. */
export interface WatchedWindow {
  /** First moment an enabled, visible button existed. */
  __firstButton?: number;
  /** Each distinct readable `h1` text, in the order they became readable, with that moment and when Element Timing saw it painted. */
  __headings?: { text: string; ms: number; id: string; paintMs: number | null }[];
  /** Chromium's first-contentful-paint, when it has fired. */
  __firstContentfulPaint?: number;
}

/**
 * An enabled, visible button: what a user can press, laid out and drawn at an opacity of at least
 * one half (a page fading in shows it from then). A server-rendered page's buttons are sent
 * `disabled` until React hydrates and wires their handlers, so they count only from then.
 */
export const WATCH_FIRST_BUTTON = `(() => {
  const opacity = (el) => { let o = 1; for (let e = el; e && e.nodeType === 1; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const seen = () => [...document.querySelectorAll("button")].some((b) => !b.disabled && b.getClientRects().length > 0 && opacity(b) >= 0.5);
  const check = () => {
    if (window.__firstButton !== undefined) return true;
    if (!seen()) return false;
    window.__firstButton = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  // A fade-in changes no node while it runs: look again every frame until the button is seen.
  const poll = () => { if (!check()) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  if (check()) observer.disconnect();
  document.addEventListener("DOMContentLoaded", () => { if (check()) observer.disconnect(); }, { once: true });
})();`;

/**
 * A readable heading: an `h1` with non-empty text that is in the document, has client rects
 * (laid out, not display:none) and is drawn at an opacity of at least one half (a page that
 * fades in is readable once it has). Every distinct text is noted, so a launch's login heading and
 * its start page's heading both show. That is the primary figure; but a heading parsed before a
 * render-blocking stylesheet has arrived has rects and is not painted yet, so each noted heading
 * is also given an `elementtiming` attribute (unless it has one) and Chromium's Element Timing
 * reports when its text was first painted (`paintMs`). The attribute is set before the next
 * paint, which is when Element Timing looks for it; React does not compare attributes when it
 * hydrates in production, so it changes nothing the page does. The first contentful paint is
 * noted too (on faceflow's pages, the HTML's loading text). Text is read only from h1s, so
 * layout is forced only once an h1 has text.
 */
export const WATCH_HEADINGS = `(() => {
  const headings = (window.__headings = []);
  const seen = new Set();
  // Shown, not only laid out: faceflow's client-rendered pages fade in (app.css .ff-wrapper), so
  // the opacity the heading is drawn with, its own times its ancestors', must be at least one half.
  const opacity = (el) => { let o = 1; for (let e = el; e && e.nodeType === 1; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const check = () => {
    for (const h of document.getElementsByTagName("h1")) {
      const text = (h.textContent || "").trim();
      if (text === "" || seen.has(text) || h.getClientRects().length === 0 || opacity(h) < 0.5) continue;
      seen.add(text);
      if (!h.hasAttribute("elementtiming")) h.setAttribute("elementtiming", "bench-h1-" + headings.length);
      headings.push({ text: text.slice(0, 80), ms: performance.now(), id: h.getAttribute("elementtiming"), paintMs: null });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  // A fade-in changes no node while it runs: look again every frame for the first minute.
  const started = performance.now();
  const poll = () => { check(); if (performance.now() - started < 60000) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  check();
  document.addEventListener("DOMContentLoaded", check, { once: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const h = headings.find((x) => x.id === e.identifier && x.paintMs === null);
      if (h) h.paintMs = e.renderTime || e.loadTime;
    }
  }).observe({ type: "element", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint" && window.__firstContentfulPaint === undefined) window.__firstContentfulPaint = e.startTime;
  }).observe({ type: "paint", buffered: true });
})();`;
