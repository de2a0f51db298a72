/**
 * The shared partner test vectors (packages/test-vectors/partner-vectors.json), made by the
 * Node kit's own functions so the service's behaviour defines them: every other kit (Python,
 * Java) must reproduce each expected value. `npx tsx scripts/kits/partnerVectors.ts` rewrites
 * the file; `--check` fails when the committed file differs from what the kit makes now (run
 * by `npm run kits`), so a change to a signature can never leave the other kits behind.
 *
 * Everything here is fixed (secrets, times, nonces): the same run always makes the same bytes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { webhookEventSchema, type WebhookEvent } from "../../schemas/webhookEvent";
import type { ReturnPayload } from "../../schemas/api";
import {
  canonicalQuery,
  createFaceflowPartner,
  partnerRequestBase,
  returnSignatureBases,
  signPartnerRequest,
  signReturnPayload,
  signWebhook,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SEC,
  PARTNER_HEADERS,
} from "@faceflow/partner";

const VECTORS_FILE = "packages/test-vectors/partner-vectors.json";

const APP_ID = "VECTORAPP01";
const SECRET = "vector-secret-0123456789abcdef";
const PREVIOUS = "vector-previous-secret-abcdef012345";
const OTHER = "not-the-app-secret-9876543210";
/** 2030-01-01T00:00:00Z in Unix seconds. */
const T = 1_893_456_000;

// ---------------------------------------------------------------------------------------
// Partner API request signatures

interface RequestCase {
  name: string;
  method: "GET" | "POST";
  path: string;
  nonce: string;
  body: string;
}

const requestCases: RequestCase[] = [
  {
    name: "GET an order, the path with its query as sent",
    method: "GET",
    path: "/partner/v1/orders/ORD2030A0000001?fields=result&lang=zh-CN",
    nonce: "0123456789abcdef0123456789abcdef",
    body: "",
  },
  {
    name: "POST an order with a JSON body",
    method: "POST",
    path: "/partner/v1/orders",
    nonce: "nonce_A-1234567890",
    body: JSON.stringify({ userId: "user-42", liveType: "2", actions: ["2", "3"], returnUrl: "https://shop.example/kyc/done?from=app" }),
  },
  {
    name: "POST with non-ASCII text in the body (hashed as UTF-8) to a service under a path prefix",
    method: "POST",
    path: "/faceflow/partner/v1/orders",
    nonce: "a1b2c3d4e5f6a7b8c9d0",
    body: JSON.stringify({
      userId: "user-42",
      liveType: "3",
      will: { question: { "zh-CN": "您是否同意本次刷脸认证？", en: "Do you agree to this check? 🙂" } },
      returnUrl: "https://shop.example/kyc/完成",
    }),
  },
  {
    name: "POST a relaunch, a percent-encoded query signed as sent (not decoded)",
    method: "POST",
    path: "/partner/v1/orders/ORD2030A0000001/launches?note=%E4%BD%A0%E5%A5%BD",
    nonce: "relaunch-nonce-000000000000000000000001",
    body: "{}",
  },
];

function requestVectors() {
  return requestCases.map((c) => {
    const parts = { method: c.method, path: c.path, timestamp: String(T), nonce: c.nonce, body: c.body };
    const signature = signPartnerRequest(SECRET, parts);
    return {
      ...c,
      appId: APP_ID,
      secret: SECRET,
      timestamp: parts.timestamp,
      base: partnerRequestBase(parts),
      signature,
      headers: { [PARTNER_HEADERS.appId]: APP_ID, [PARTNER_HEADERS.timestamp]: parts.timestamp, [PARTNER_HEADERS.nonce]: c.nonce, [PARTNER_HEADERS.signature]: signature },
    };
  });
}

// ---------------------------------------------------------------------------------------
// The canonical query every return (and launch) signature covers

const canonicalCases: { name: string; params: Record<string, string> }[] = [
  { name: "sorted, a space as %20, empty values left out", params: { b: "2", a: "x y", c: "" } },
  { name: "encodeURIComponent's set: !'()*~-_. kept, everything else escaped", params: { q: "a+b&c=d/e?f#g,h;i:j@k$l", m: "!'()*~-_.", s: "100%" } },
  { name: "non-ASCII as percent-encoded UTF-8", params: { name: "张三", emoji: "🙂", accent: "é" } },
  { name: "keys sorted by UTF-16 code unit (𝒳, a surrogate pair, before ｚ U+FF5A)", params: { b: "1", B: "2", a: "3", _: "4", "ｚ": "5", "𝒳": "6" } },
];

// ---------------------------------------------------------------------------------------
// Return payloads (the query faceflow appends to the partner's return URL)

type Fields = Omit<ReturnPayload, "signature" | "newSignature">;

const passedAction: Fields = {
  orderNo: "ORD2030A0000001",
  h5faceId: "h5f_0123456789abcdef",
  code: "0",
  liveRate: "97",
  checks: "media,duration,size,frameRate,face,identity,liveness,frozen,light,actions,replay",
};
const failedWill: Fields = {
  orderNo: "ORD2030A0000002",
  h5faceId: "h5f_fedcba9876543210",
  code: "1021",
  liveRate: "88",
  willCode: "1021",
  faceCode: "0",
  similarity: "91.25",
  checks: "media,duration,face,identity,liveness,voice",
};

const query = (payload: Readonly<Record<string, string | undefined>>) =>
  new URLSearchParams(Object.entries(payload).filter((e): e is [string, string] => e[1] !== undefined)).toString();

type ReturnInputCase = { url: string } | { query: string } | { params: Record<string, string> };

function returnVectors() {
  const action = signReturnPayload(APP_ID, SECRET, passedAction);
  const will = signReturnPayload(APP_ID, SECRET, failedWill);
  const cases: { name: string; secrets: string[]; input: ReturnInputCase; bases?: { core: string; full: string } }[] = [
    { name: "valid: the return URL with the payload in its query", secrets: [SECRET], input: { url: `https://shop.example/kyc/done?${query(action)}` }, bases: returnSignatureBases(APP_ID, passedAction) },
    { name: "valid: will mode (willCode, faceCode, similarity), a query string", secrets: [SECRET], input: { query: `?${query(will)}` }, bases: returnSignatureBases(APP_ID, failedWill) },
    { name: "valid: will mode as already parsed parameters", secrets: [SECRET], input: { params: { ...will } as Record<string, string> } },
    { name: "valid: hash-routed return page, the partner's own parameters ignored", secrets: [SECRET], input: { url: `https://shop.example/?from=app#/kyc/done?${query(action)}&step=2` } },
    { name: "valid: a field both in the query and after the hash's \"?\": the query's counts", secrets: [SECRET], input: { url: `https://shop.example/kyc/done?${query(will)}#/done?code=0` } },
    { name: "valid: empty and \"null\" values count as absent", secrets: [SECRET], input: { url: `https://shop.example/kyc/done?${query(action)}&similarity=&faceCode=null` } },
    { name: "valid: a parameter repeated, the first one counts", secrets: [SECRET], input: { url: `https://shop.example/kyc/done?${query(will)}&code=0` } },
    { name: "valid: during a rotation, signed with the new secret, the kit holding the old one and the new one", secrets: [PREVIOUS, SECRET], input: { url: `https://shop.example/kyc/done?${query(action)}` } },
    { name: "tampered: code changed (the core signature fails first)", secrets: [SECRET], input: { query: query({ ...will, code: "0" }) } },
    { name: "tampered: a check removed from checks (only newSignature covers it)", secrets: [SECRET], input: { query: query({ ...action, checks: action.checks?.replace(",light", "") }) } },
    { name: "tampered: a field added that was not signed", secrets: [SECRET], input: { query: `${query(action)}&similarity=99` } },
    { name: "wrong secret", secrets: [OTHER], input: { url: `https://shop.example/kyc/done?${query(action)}` } },
    { name: "wrong secrets during a rotation: the first secret's reason", secrets: [OTHER, PREVIOUS], input: { query: query(will) } },
    { name: "malformed: signature missing", secrets: [SECRET], input: { query: query({ ...action, signature: undefined }) } },
    { name: "malformed: signature in uppercase hex", secrets: [SECRET], input: { query: query({ ...action, signature: action.signature.toUpperCase() }) } },
    { name: "malformed: orderNo missing", secrets: [SECRET], input: { params: Object.fromEntries(Object.entries(will).filter(([k]) => k !== "orderNo")) as Record<string, string> } },
  ];
  return cases.map((c) => {
    const [secret, ...rotationSecrets] = c.secrets as [string, ...string[]];
    const kit = createFaceflowPartner({ baseUrl: "https://faceflow.example", appId: APP_ID, secret, rotationSecrets });
    const input = "url" in c.input ? c.input.url : "query" in c.input ? c.input.query : c.input.params;
    const result = kit.verifyReturn(input);
    const expect = result.valid ? { valid: true, payload: result.payload } : { valid: false, payload: result.payload, reason: result.reason };
    return { name: c.name, appId: APP_ID, secrets: c.secrets, input: c.input, ...(c.bases ? { bases: c.bases } : {}), expect };
  });
}

// ---------------------------------------------------------------------------------------
// Webhook signatures

const event: WebhookEvent = webhookEventSchema.parse({
  id: "evt_0123456789abcdef0123456789abcdef",
  type: "verification.completed",
  createdAt: "2029-12-31T23:59:58.000Z",
  appId: APP_ID,
  data: {
    orderNo: "ORD2030A0000001",
    userId: "user-42",
    passed: true,
    code: "0",
    liveRate: 97,
    similarity: null,
    faceCode: null,
    willCode: null,
    checks: ["media", "duration", "face", "identity", "liveness", "frozen", "light", "actions"],
    attempts: 1,
    finishedAt: "2029-12-31T23:59:58.000Z",
  },
} satisfies WebhookEvent);
const body = JSON.stringify(event);
const unicodeBody = JSON.stringify({ ...event, note: "核验完成 ✓ 🙂" });
const header = signWebhook(SECRET, body, T);
const v1Of = (h: string) => h.slice(h.indexOf("v1=") + 3);
/** Digits U+FF10-U+FF19: numbers to some parsers (Python's int, \d with Unicode), not to the service. */
const fullwidth = (n: number) => [...String(n)].map((d) => String.fromCharCode(0xff10 + Number(d))).join("");

interface WebhookCase {
  name: string;
  body: string;
  header: string | null;
  secrets: string[];
  nowSec: number;
  toleranceSec?: number;
}

const webhookCases: WebhookCase[] = [
  { name: "valid, received 5 s after it was signed", body, header, secrets: [SECRET], nowSec: T + 5 },
  { name: "valid at the edge of the window (300 s)", body, header, secrets: [SECRET], nowSec: T + WEBHOOK_TOLERANCE_SEC },
  { name: "valid: non-ASCII body, hashed as its UTF-8 bytes", body: unicodeBody, header: signWebhook(SECRET, unicodeBody, T), secrets: [SECRET], nowSec: T },
  { name: "valid: signed with the current secret, the partner holding the previous one too (rotation)", body, header, secrets: [PREVIOUS, SECRET], nowSec: T },
  { name: "valid: signed with the previous secret during a rotation (sent before the switch)", body, header: signWebhook(PREVIOUS, body, T), secrets: [SECRET, PREVIOUS], nowSec: T + 1 },
  { name: "valid: several v1 values, one of them right", body, header: `t=${T},v1=${v1Of(signWebhook(OTHER, body, T))},v1=${v1Of(header)}`, secrets: [SECRET], nowSec: T },
  { name: "valid: spaces around the parts", body, header: `t=${T}, v1=${v1Of(header)}`, secrets: [SECRET], nowSec: T },
  { name: "valid: a longer tolerance chosen by the partner", body, header, secrets: [SECRET], nowSec: T + 500, toleranceSec: 600 },
  { name: "expired: 301 s after it was signed", body, header, secrets: [SECRET], nowSec: T + WEBHOOK_TOLERANCE_SEC + 1 },
  { name: "expired: signed 301 s in the future", body, header, secrets: [SECRET], nowSec: T - WEBHOOK_TOLERANCE_SEC - 1 },
  { name: "wrong secret", body, header, secrets: [OTHER], nowSec: T },
  { name: "wrong secret and outside the window: the signature is checked first", body, header, secrets: [OTHER], nowSec: T + 3600 },
  { name: "tampered body", body: body.replace('"passed":true', '"passed":false'), header, secrets: [SECRET], nowSec: T },
  { name: "tampered timestamp", body, header: header.replace(`t=${T}`, `t=${T + 1}`), secrets: [SECRET], nowSec: T },
  { name: "v1 in uppercase hex does not match", body, header: `t=${T},v1=${v1Of(header).toUpperCase()}`, secrets: [SECRET], nowSec: T },
  { name: "malformed: no header", body, header: null, secrets: [SECRET], nowSec: T },
  { name: "malformed: empty header", body, header: "", secrets: [SECRET], nowSec: T },
  { name: "malformed: no t", body, header: `v1=${v1Of(header)}`, secrets: [SECRET], nowSec: T },
  { name: "malformed: t not a number", body, header: `t=soon,v1=${v1Of(header)}`, secrets: [SECRET], nowSec: T },
  { name: "malformed: t in digits that are not ASCII (fullwidth)", body, header: `t=${fullwidth(T)},v1=${v1Of(header)}`, secrets: [SECRET], nowSec: T },
  { name: "malformed: no v1 (another scheme only)", body, header: `t=${T},v0=${v1Of(header)}`, secrets: [SECRET], nowSec: T },
];

function webhookVectors() {
  return webhookCases.map((c) => {
    const result = verifyWebhook(Buffer.from(c.body, "utf8"), c.header ?? undefined, c.secrets, c.nowSec, c.toleranceSec ?? WEBHOOK_TOLERANCE_SEC);
    return { ...c, expect: result };
  });
}

function partnerVectors(): string {
  const vectors = {
    about: "Partner test vectors made by the Node kit (scripts/kits/partnerVectors.ts); packages/test-vectors/README.md says what each part means.",
    webhookToleranceSec: WEBHOOK_TOLERANCE_SEC,
    requestSignatures: requestVectors(),
    canonicalQuery: canonicalCases.map((c) => ({ ...c, canonical: canonicalQuery(c.params) })),
    returns: returnVectors(),
    webhooks: webhookVectors(),
  };
  return `${JSON.stringify(vectors, null, 2)}\n`;
}

const [mode] = process.argv.slice(2);
const made = partnerVectors();
if (mode === "--check") {
  const committed = readFileSync(VECTORS_FILE, "utf8");
  if (committed !== made) {
    console.error(`${VECTORS_FILE} differs from what the Node kit makes now: run npx tsx scripts/kits/partnerVectors.ts and commit it (and make the other kits pass it)`);
    process.exit(1);
  }
  console.log(`${VECTORS_FILE}: the same as the Node kit makes`);
} else if (mode === undefined) {
  writeFileSync(VECTORS_FILE, made);
  console.log(`wrote ${VECTORS_FILE}`);
} else {
  console.error(`unknown argument ${mode}: none (write) or --check`);
  process.exit(2);
}
