/**
 * A local cluster on this machine, as a deployment past one machine runs it: a throwaway
 * PostgreSQL (Debian's binaries, scripts/pg/localPostgres.ts), N API instances and M worker
 * instances of the built service (dist/server/main.mjs, FACEFLOW_ROLE=api / worker) sharing
 * it, and a round-robin balancer in front (balancer.ts). Recordings go to one media directory
 * all instances see, or, with `s3: true`, to an s3rver bucket (a local stand-in for S3).
 *
 * Used by the cluster test and the bench; `npm run cluster` starts one and prints its address:
 *   npm run build && npm run cluster            (2 API instances, 2 workers)
 *   APIS=3 WORKERS=1 S3=1 npm run cluster
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startLocalPostgres, type LocalPostgres } from "../pg/localPostgres";
import { startBalancer, type Balancer } from "./balancer";

type InstanceRole = "api" | "worker";

interface Instance {
  name: string;
  role: InstanceRole;
  port: number;
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals>;
  /** Everything the instance printed, for a failing test's message. */
  output(): string;
}

export interface LocalCluster {
  /** The balancer: what browsers and partners use. */
  url: string;
  databaseUrl: string;
  mediaDir: string;
  instances: Instance[];
  balancer: Balancer;
  /** Start another instance (after one was killed, say). */
  add(role: InstanceRole): Promise<Instance>;
  stop(): Promise<void>;
}

interface LocalClusterOptions {
  apis?: number;
  workers?: number;
  /** Verification threads per worker instance (default 1: a 2-core machine runs two workers). */
  threadsPerWorker?: number;
  /** Recordings in an s3rver bucket instead of a shared directory. */
  s3?: boolean;
  /** Extra environment for every instance (apps, limits). */
  env?: Record<string, string>;
  /** The built service (default dist/server/main.mjs), or src/server/main.ts to run the sources through tsx (tests). */
  entry?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitReady(url: string, instance: { exited: Promise<unknown>; output(): string }, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void instance.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`instance at ${url} exited while starting:\n${instance.output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance at ${url} not ready after ${timeoutMs} ms:\n${instance.output()}`);
}

async function startS3(dir: string): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const { default: S3rver } = await import("s3rver");
  const port = await freePort();
  const bucket = "faceflow-media";
  const server = new S3rver({ port, address: "127.0.0.1", directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  return {
    env: {
      FACEFLOW_S3_BUCKET: bucket,
      FACEFLOW_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      FACEFLOW_S3_PATH_STYLE: "1",
      FACEFLOW_S3_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: () => server.close(),
  };
}

export async function startLocalCluster(options: LocalClusterOptions = {}): Promise<LocalCluster> {
  const entry = resolve(options.entry ?? "dist/server/main.mjs");
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const args = entry.endsWith(".ts") ? ["--import", "tsx", entry] : [entry];
  const dir = mkdtempSync(join(tmpdir(), "faceflow-cluster-"));
  const mediaDir = join(dir, "media");
  mkdirSync(mediaDir, { recursive: true });
  let pg: LocalPostgres | null = null;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  const instances: Instance[] = [];
  let balancer: Balancer | null = null;
  const stop = async () => {
    await Promise.all(
      instances.map(async (instance) => {
        if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill("SIGKILL");
        await instance.exited;
      }),
    );
    await balancer?.close();
    await s3?.close();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pg = await startLocalPostgres({ fast: true });
    if (options.s3) s3 = await startS3(join(dir, "s3"));
    const balancerPort = await freePort();
    const publicOrigin = `http://127.0.0.1:${balancerPort}`;
    let serial = 0;
    const add = async (role: InstanceRole): Promise<Instance> => {
      const port = await freePort();
      const name = `${role}-${++serial}`;
      const log: string[] = [];
      const child = spawn(process.execPath, args, {
        env: {
          ...process.env,
          HOST: "127.0.0.1",
          PORT: String(port),
          FACEFLOW_ROLE: role,
          FACEFLOW_DATABASE_URL: pg!.url,
          FACEFLOW_MEDIA: mediaDir,
          FACEFLOW_PUBLIC_ORIGIN: publicOrigin,
          FACEFLOW_TRUST_PROXY: "loopback",
          FACEFLOW_VERIFY_WORKERS: String(options.threadsPerWorker ?? 1),
          FACEFLOW_DRAIN_DELAY_MS: "1000",
          FACEFLOW_LOG_LEVEL: process.env.FACEFLOW_LOG_LEVEL ?? "warn",
          ...s3?.env,
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      const exited = new Promise<number | NodeJS.Signals>((done) => child.once("exit", (code, signal) => done(signal ?? code ?? 0)));
      const instance: Instance = { name, role, port, url: `http://127.0.0.1:${port}`, process: child, exited, output: () => log.join("") };
      instances.push(instance);
      await waitReady(instance.url, instance, 120_000);
      if (role === "api") balancer?.add({ host: "127.0.0.1", port });
      return instance;
    };
    // One at a time: the first runs the migrations and creates pg-boss's schema.
    for (let i = 0; i < (options.apis ?? 2); i++) await add("api");
    await Promise.all(Array.from({ length: options.workers ?? 2 }, () => add("worker")));
    const apis = instances.filter((i) => i.role === "api").map((i) => ({ host: "127.0.0.1", port: i.port }));
    balancer = await startBalancer(apis, { port: balancerPort });
    return { url: publicOrigin, databaseUrl: pg.url, mediaDir, instances, balancer, add, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const count = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
  const cluster = await startLocalCluster({ apis: count("APIS", 2), workers: count("WORKERS", 2), s3: process.env.S3 === "1" });
  console.log(`faceflow cluster: ${cluster.url}/#/entry`);
  console.log(`  PostgreSQL ${cluster.databaseUrl}`);
  for (const i of cluster.instances) console.log(`  ${i.name} ${i.url} (pid ${i.process.pid})`);
  console.log("Ctrl-C stops it and removes its data.");
  const quit = () => void cluster.stop().then(() => process.exit(0));
  process.once("SIGINT", quit);
  process.once("SIGTERM", quit);
}
