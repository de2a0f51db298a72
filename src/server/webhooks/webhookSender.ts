/**
 * One webhook send: a POST of the event's exact body to the address webhookTarget.ts checked
 * (the connection cannot be re-resolved elsewhere), with a deadline for the whole exchange, no
 * redirect followed (a 3xx is a failed send: a redirect could lead anywhere), and at most a
 * few KB of the answer read (kept for staff), so a slow or endless answer holds nothing.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";

export interface SendOutcome {
  /** The HTTP status, or null when none came. */
  status: number | null;
  error: string | null;
  /** The first bytes of the answer (UTF-8, cut), or null. */
  answer: string | null;
  ms: number;
}

export interface SendTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

const ANSWER_MAX_BYTES = 2048;

export function sendWebhook(target: SendTarget, body: string, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<SendOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  // Always the checked address, whatever the host would resolve to now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const request = target.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...outcome, ms: ms() });
    };
    const req = request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "faceflow-webhooks/1" },
        // No pooled sockets: each send resolves and connects afresh.
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = res.statusCode ?? null;
        const done = () => {
          const answer = Buffer.concat(chunks).subarray(0, ANSWER_MAX_BYTES).toString("utf8");
          const redirect = status !== null && status >= 300 && status < 400 ? `redirect to ${res.headers.location ?? "?"} not followed` : null;
          finish({ status, error: redirect ?? (status !== null && status >= 200 && status < 300 ? null : `answered ${status}`), answer });
        };
        res.on("data", (chunk: Buffer) => {
          if (size >= ANSWER_MAX_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= ANSWER_MAX_BYTES) {
            // Enough for staff: stop reading, do not wait for the rest.
            done();
            res.destroy();
          }
        });
        res.on("end", done);
        res.on("error", (error) => finish({ status, error: `answer broken off: ${error.message}`, answer: null }));
      },
    );
    const deadline = setTimeout(() => {
      finish({ status: null, error: `no answer within ${timeoutMs} ms`, answer: null });
      req.destroy();
    }, timeoutMs);
    req.on("error", (error) => finish({ status: null, error: error.message, answer: null }));
    req.end(body);
  });
}

/** A 2xx answer: the partner has the event. */
export const delivered = (outcome: SendOutcome) => outcome.error === null && outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
