/**
 * The return payload of spec §3 and the URL that carries it back to the partner.
 *
 * The partner's own query is kept byte for byte (a partner may have signed it) apart from
 * parameters with a payload name, which are replaced so the partner never reads a stale
 * `code`; the payload goes into the query, before the fragment, and the fragment is kept.
 * Only absolute http(s) addresses are followed: a return address is partner input, and a
 * javascript: or data: address would run in our origin.
 */

/** The return payload fields, in the order they are appended (spec §3). */
export const RETURN_PAYLOAD_FIELDS = [
  "orderNo",
  "code",
  "signature",
  "newSignature",
  "liveRate",
  "h5faceId",
  "willCode",
  "faceCode",
  "similarity",
  // The service's checks (schemas/api.ts returnPayloadSchema): newSignature covers it, so leaving it out breaks the signature.
  "checks",
] as const;
type ReturnPayloadField = (typeof RETURN_PAYLOAD_FIELDS)[number];

/** Result values as the flow has them; missing and empty ones are left out of the payload. */
export type ReturnValues = { [K in ReturnPayloadField]?: string | number | null | undefined };
export type ReturnPayload = { [K in ReturnPayloadField]?: string };

/** Why a return address was refused. */
export type ReturnUrlRefusal = "notAbsoluteUrl" | "protocolNotAllowed";

type BuildReturnUrlResult =
  | { ok: true; url: string; payload: ReturnPayload }
  | { ok: false; reason: ReturnUrlRefusal; detail: string };

const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:"]);

/** The payload: every field with a value, dropping undefined, null, "" and the text "null". */
export function buildReturnPayload(values: ReturnValues): ReturnPayload {
  const payload: ReturnPayload = {};
  for (const field of RETURN_PAYLOAD_FIELDS) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text === "" || text === "null") continue;
    payload[field] = text;
  }
  return payload;
}

function queryKey(segment: string): string {
  const raw = segment.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    // A malformed escape is not one of our names; keep the segment as the partner wrote it.
    return raw;
  }
}

/**
 * The return address with the payload in its query.
 *
 * @example buildReturnUrl("https://p.example/done?from=kyc#/r", { orderNo: "A1", code: 0 })
 *   // → { ok: true, url: "https://p.example/done?from=kyc&orderNo=A1&code=0#/r", … }
 */
export function buildReturnUrl(returnUrl: string, values: ReturnValues): BuildReturnUrlResult {
  let parsed: URL;
  try {
    parsed = new URL(returnUrl);
  } catch {
    return { ok: false, reason: "notAbsoluteUrl", detail: "the return address is not an absolute URL" };
  }
  if (!ALLOWED_PROTOCOLS.has(parsed.protocol)) {
    return { ok: false, reason: "protocolNotAllowed", detail: `protocol ${parsed.protocol} is not http(s)` };
  }
  const payload = buildReturnPayload(values);
  const replaced = new Set<string>(Object.keys(payload));
  const kept = parsed.search
    .slice(1)
    .split("&")
    .filter((segment) => segment !== "" && !replaced.has(queryKey(segment)));
  const added = RETURN_PAYLOAD_FIELDS.flatMap((field) => {
    const value = payload[field];
    return value === undefined ? [] : [`${field}=${encodeURIComponent(value)}`];
  });
  const query = [...kept, ...added].join("&");
  const fragment = parsed.hash;
  parsed.search = "";
  parsed.hash = "";
  return { ok: true, url: `${parsed.href}${query ? `?${query}` : ""}${fragment}`, payload };
}
