/**
 * Users and a partner driving a cluster through its balancer, as the cluster test and the
 * bench do: each user has an address of its own (X-Forwarded-For, which the instances believe
 * from the loopback balancer), logs in without cookies (the session header), fetches the
 * attempt's light (silent mode shows light), uploads a recording and follows it to its verdict. A request that fails because the instance behind it
 * died (connection reset, 502, 503) is sent again, as the page's client does; the upload is
 * safe to resend (the service recognises it by its messageId and bytes).
 */
import { FaceflowPartnerError, type FaceflowPartner } from "@faceflow/partner";
import { SESSION_HEADER } from "../../schemas/apiCodes";
import { attemptStateSchema, loginResponseSchema, type AttemptState } from "../../schemas/api";
import { lightResponseSchema, type LightChallenge } from "../../schemas/lightChallenge";
import { launchParams, uploadForm, type UploadFormOptions } from "../server/harness";

const RETRIED_STATUS = new Set([502, 503]);

export interface VerificationRun {
  orderNo: string;
  /** Upload accepted → verdict seen by the long poll. */
  uploadToVerdictMs: number;
  passed: boolean;
  /** The verdict's code (why it failed, when it did). */
  code: string;
  /** Requests sent again after an instance failed them. */
  retries: number;
}

async function send(url: string, init: RequestInit, stats: { retries: number }, deadline: number): Promise<Response> {
  for (;;) {
    try {
      const res = await fetch(url, init);
      if (!RETRIED_STATUS.has(res.status)) return res;
      await res.text();
    } catch {
      // the instance went away mid-request: the next try goes to another
    }
    if (Date.now() > deadline) throw new Error(`${init.method ?? "GET"} ${url} kept failing`);
    stats.retries += 1;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A partner call sent again when the instance behind it died (502/503 from the balancer), as
 * a partner's own client would: a second order is harmless, the first is never launched.
 */
export async function asPartner<T>(call: () => Promise<T>, stats: { retries: number }, deadline: number): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof FaceflowPartnerError) || !RETRIED_STATUS.has(error.status) || Date.now() > deadline) throw error;
      stats.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * What a user records for the light they were shown: the bytes and the upload's options (its
 * meta.light). A fixed Buffer is sent as it is, answering no light (it cannot pass the light check).
 */
export type RecordingFor = (light: LightChallenge) => Promise<{ bytes: Buffer; options: UploadFormOptions }>;

/** One user's whole verification; `ip` is the user's own address. */
export async function verifyOnce(baseUrl: string, partner: FaceflowPartner, recording: Buffer | RecordingFor, ip: string, timeoutMs = 240_000): Promise<VerificationRun> {
  const deadline = Date.now() + timeoutMs;
  const stats = { retries: 0 };
  const created = await asPartner(() => partner.createOrder({ userId: `user-${ip}`, liveType: "3", returnUrl: `${baseUrl}/#/entry` }), stats, deadline);
  const headers = { "x-forwarded-for": ip };
  const logIn = (launchUrl: string) =>
    send(
      `${baseUrl}/api/v1/login`,
      { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ ...launchParams(launchUrl), cookieless: true }) },
      stats,
      deadline,
    );
  const retriesBefore = stats.retries;
  let login = await logIn(created.launchUrl);
  // An instance killed after it used the launch but before it answered: the resent login finds
  // the link used (409 LAUNCH_USED), as a user's reload would. The partner issues a fresh link
  // for the unfinished order, as it would for that user.
  if (login.status === 409 && stats.retries > retriesBefore) {
    await login.text();
    const again = await asPartner(() => partner.relaunch(created.orderNo), stats, deadline);
    login = await logIn(again.launchUrl);
  }
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { sessionToken } = loginResponseSchema.parse(await login.json());
  if (!sessionToken) throw new Error("a cookie-less login answered without a session token");
  const session = { ...headers, [SESSION_HEADER]: sessionToken };
  const lit = await send(`${baseUrl}/api/v1/light`, { headers: session }, stats, deadline);
  if (lit.status !== 200) throw new Error(`light answered ${lit.status}: ${await lit.text()}`);
  const { light } = lightResponseSchema.parse(await lit.json());
  const made = typeof recording === "function" ? await recording(light) : { bytes: recording, options: {} };
  const form = await uploadForm(made.bytes, made.options);
  const upload = await send(`${baseUrl}/api/v1/upload`, { method: "POST", headers: session, body: form }, stats, deadline);
  if (upload.status !== 200) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
  const uploadedAt = Date.now();
  let state: AttemptState = attemptStateSchema.parse(await upload.json());
  while (state.state !== "judged") {
    const res = await send(`${baseUrl}/api/v1/attempts/${state.attempt}?waitMs=20000`, { headers: session }, stats, deadline);
    if (res.status !== 200) throw new Error(`long poll answered ${res.status}: ${await res.text()}`);
    state = attemptStateSchema.parse(await res.json());
  }
  return { orderNo: created.orderNo, uploadToVerdictMs: Date.now() - uploadedAt, passed: state.outcome.passed, code: state.outcome.code, retries: stats.retries };
}

/** Run `count` verifications, `concurrency` at a time; `onProgress` after each. */
export async function runLoad(
  count: number,
  concurrency: number,
  one: (i: number) => Promise<VerificationRun>,
  onProgress: (done: number) => void = () => undefined,
): Promise<VerificationRun[]> {
  const results: VerificationRun[] = [];
  let next = 0;
  const lanes = Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      results[i] = await one(i);
      onProgress(results.filter(Boolean).length);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
