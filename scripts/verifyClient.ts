/**
 * A user of the built service for the verification figures (scripts/verifyService.ts): an
 * HTTP client bound to its own loopback address (127.0.0.x; every address of 127/8 reaches a
 * service listening on 127.0.0.1), keeping cookies like a browser. Distinct users get distinct
 * addresses as real users would, so the service's per-address rate limits (120 session reads
 * a minute, 20 uploads) count each one apart instead of answering 429 to the bench.
 */
import { Agent, request as httpRequest } from "node:http";

interface Answer {
  status: number;
  text: string;
  /** From sending the request to the end of the answer's body. */
  ms: number;
}

export interface Body {
  type: string;
  bytes: Buffer;
}

export class LoopbackClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 4 });

  constructor(
    private readonly base: string,
    readonly localAddress: string,
    /** Shared by clients that stand for one browser seen from several addresses. */
    readonly cookies: Map<string, string> = new Map(),
  ) {}

  request(method: string, path: string, body?: Body): Promise<Answer> {
    const url = new URL(path, this.base);
    const headers: Record<string, string | number> = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36" };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body) Object.assign(headers, { "content-type": body.type, "content-length": body.bytes.length });
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: this.agent, localAddress: this.localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            for (const line of res.headers["set-cookie"] ?? []) {
              const [pair = ""] = line.split(";");
              const eq = pair.indexOf("=");
              if (eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
            }
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - start });
          });
        },
      );
      req.on("error", reject);
      req.end(body?.bytes);
    });
  }

  /** A JSON request that must answer `expect`; its parsed body. */
  async json<T>(method: string, path: string, payload?: unknown, expect = 200): Promise<T> {
    const body = payload === undefined ? undefined : { type: "application/json", bytes: Buffer.from(JSON.stringify(payload)) };
    const answer = await this.request(method, path, body);
    if (answer.status !== expect) throw new Error(`${method} ${path}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}
