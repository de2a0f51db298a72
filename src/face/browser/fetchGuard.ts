/**
 * The face worker's fetch: our own origins only, and data: URLs decoded in place.
 *
 * - Human and tfjs default to the jsdelivr CDN and fetch whatever URL their config ends up
 *   with; refusing every other origin here keeps "no request ever leaves our origin" true
 *   even if a setting were wrong, not only where the CSP is strict.
 * - Human's warm-up reads its built-in sample face through fetch("data:…"), which the CSP's
 *   connect-src rightly refuses; decoding data: URLs locally needs no CSP exception.
 */

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The bytes of a URL component: %XX escapes decoded, other characters as UTF-8. */
function percentDecodeBytes(text: string): Uint8Array {
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...encoder.encode(text[i]!));
    }
  }
  return Uint8Array.from(out);
}

/**
 * A Response for a data: URL (base64 or not), without any network access. Decoded as the
 * Fetch standard does: percent escapes first (Chromium's URL parser turns the newlines of
 * Human's wrapped base64 into %0A), then base64 with ASCII whitespace ignored.
 */
export function dataUrlResponse(url: string): Response {
  const comma = url.indexOf(",");
  if (!/^data:/i.test(url) || comma < 0) throw new TypeError("not a data: URL");
  const header = url.slice(5, comma).trim();
  const base64 = /;\s*base64$/i.test(header);
  const type = header.replace(/;\s*base64$/i, "") || "text/plain;charset=US-ASCII";
  let bytes = percentDecodeBytes(url.slice(comma + 1));
  if (base64) {
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    const binary = atob(text.replace(/[\t\n\f\r ]/g, ""));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), { status: 200, headers: { "content-type": type } });
}

const urlOf = (input: RequestInfo | URL): string => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);

/**
 * Wraps `original` so it only reaches `allowedOrigins` (relative URLs resolve against
 * `baseUrl`), answers data: URLs itself and rejects everything else.
 * @example guardedFetch(fetch, "https://id.example/face-1A2B3C4D/w.js", ["https://id.example"])
 */
export function guardedFetch(original: Fetch, baseUrl: string, allowedOrigins: readonly string[]): Fetch {
  const allowed = new Set(allowedOrigins);
  return async (input, init) => {
    const raw = urlOf(input);
    if (/^data:/i.test(raw)) return dataUrlResponse(raw);
    const url = new URL(raw, baseUrl);
    if (!allowed.has(url.origin)) {
      throw new TypeError(`face worker: refused to fetch ${url.origin}; models and wasm are served from ${[...allowed].join(", ")} only`);
    }
    return original(input, init);
  };
}
