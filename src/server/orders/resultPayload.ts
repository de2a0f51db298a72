/**
 * The return payload of a finished order (spec §3), signed with the app secret
 * (partner/returnSigning.ts says what each signature covers). Numbers become text the same
 * way every time, because the text is what gets signed.
 */
import { signReturnPayload } from "@faceflow/partner";
import type { ReturnPayload } from "../../../schemas/api";
import type { AppRecord } from "../store/apps";
import type { AttemptRecord } from "../store/attempts";
import type { OrderRecord } from "../store/orders";

/** At most 4 decimals, no exponent, no trailing zeros: 92 -> "92", 0.8712345 -> "0.8712". */
function formatNumber(n: number | null): string | undefined {
  if (n === null || !Number.isFinite(n)) return undefined;
  return String(Number(n.toFixed(4)));
}

export function buildReturnPayload(order: OrderRecord, attempt: AttemptRecord, secret: string): ReturnPayload {
  const code = attempt.code;
  if (code === null || code === "") throw new Error(`attempt ${attempt.id} has no code to return`);
  return signReturnPayload(order.appId, secret, {
    orderNo: order.orderNo,
    code,
    liveRate: formatNumber(attempt.liveRate),
    h5faceId: order.h5FaceId,
    // The will fields only exist in will mode (spec §3 "Result values").
    willCode: order.will ? (attempt.willCode ?? undefined) : undefined,
    faceCode: order.will || order.referencePhoto !== null ? (attempt.faceCode ?? undefined) : undefined,
    similarity: order.will || order.referencePhoto !== null ? formatNumber(attempt.similarity) : undefined,
    // Which checks the service ran, so a partner can tell what a code "0" rests on.
    checks: attempt.checks.length > 0 ? attempt.checks.map((c) => c.name).join(",") : undefined,
  });
}

/**
 * A stored payload with its signatures made again by the app's current secret. Results are
 * stored once, but a secret may be rotated after: every result handed out (the partner's order
 * view, the page's return) is signed with the secret the partner has now (apps.ts).
 */
export function withCurrentSignatures(payload: ReturnPayload, app: Pick<AppRecord, "appId" | "secret">): ReturnPayload {
  const { signature: _signature, newSignature: _newSignature, ...fields } = payload;
  return signReturnPayload(app.appId, app.secret, fields);
}
