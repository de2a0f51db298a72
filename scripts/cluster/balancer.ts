/**
 * A small round-robin load balancer for the local cluster (localCluster.ts): what a real
 * deployment's balancer does, and no more. Each request, and each WebSocket upgrade, goes to
 * the next backend whose last readiness check (`/readyz`, every CHECK_MS) answered 200; no
 * session stickiness, so consecutive requests of one user land on different instances, as
 * the issue asks the service to survive. A backend that refuses a connection is marked down
 * at once and the request is tried on the next one (only before anything was sent).
 */
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";

const CHECK_MS = 500;

interface Backend {
  host: string;
  port: number;
}

export interface Balancer {
  url: string;
  port: number;
  /** How many requests each backend has been sent (by "host:port"). */
  counts(): Record<string, number>;
  /** Send traffic to one more backend (an instance started after the balancer). */
  add(backend: Backend): void;
  close(): Promise<void>;
}

/** The client's chain with this hop's peer appended, as a proxy in front of the service would send it. */
function forwardedFor(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? "";
  const before = req.headers["x-forwarded-for"];
  return typeof before === "string" && before !== "" ? `${before}, ${peer}` : peer;
}

export async function startBalancer(initial: readonly Backend[], options: { port?: number } = {}): Promise<Balancer> {
  const backends = [...initial];
  const ready = new Map<Backend, boolean>(backends.map((b) => [b, true]));
  const sent = new Map<Backend, number>(backends.map((b) => [b, 0]));
  let next = 0;

  const pick = (exclude: ReadonlySet<Backend>): Backend | null => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[(next + i) % backends.length]!;
      if (ready.get(backend) && !exclude.has(backend)) {
        next = (next + i + 1) % backends.length;
        sent.set(backend, (sent.get(backend) ?? 0) + 1);
        return backend;
      }
    }
    return null;
  };

  const check = async () => {
    await Promise.all(
      backends.map(
        (backend) =>
          new Promise<void>((resolve) => {
            const req = httpRequest({ host: backend.host, port: backend.port, path: "/readyz", timeout: CHECK_MS * 2 }, (res) => {
              ready.set(backend, res.statusCode === 200);
              res.resume();
              resolve();
            });
            req.on("error", () => {
              ready.set(backend, false);
              resolve();
            });
            req.on("timeout", () => req.destroy(new Error("timeout")));
            req.end();
          }),
      ),
    );
  };
  await check();
  const timer = setInterval(() => void check(), CHECK_MS);

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, tried: Set<Backend>) {
    const backend = pick(tried);
    if (backend === null) {
      res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ code: "NO_BACKEND", message: "no instance is ready" }));
      return;
    }
    tried.add(backend);
    const upstream = httpRequest(
      { host: backend.host, port: backend.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": forwardedFor(req) } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" && !res.headersSent) {
        ready.set(backend, false);
        forward(req, res, body, tried);
        return;
      }
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    upstream.end(body);
  }

  const server: Server = createServer((req, res) => {
    // Read the body first, so that a request can be tried again on another instance.
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), new Set()));
  });

  server.on("upgrade", (req: IncomingMessage, client: Socket, head: Buffer) => {
    const backend = pick(new Set());
    if (backend === null) {
      client.destroy();
      return;
    }
    const upstream = connect(backend.port, backend.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    counts: () => Object.fromEntries([...sent].map(([b, n]) => [`${b.host}:${b.port}`, n])),
    add(backend) {
      backends.push(backend);
      ready.set(backend, true);
      sent.set(backend, 0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
