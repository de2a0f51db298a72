/**
 * Liveness and readiness (answers in schemas/health.ts). A load balancer sends traffic only
 * to an instance whose `/readyz` answers 200; an orchestrator restarts one whose `/healthz`
 * stops answering. Readiness pings every dependency the instance needs, each bounded by
 * PING_TIMEOUT_MS, so a database that hangs makes the instance unready instead of making the
 * probe hang. While draining (SIGTERM, see drain.ts) readiness answers 503 "draining" so the
 * balancer stops sending new requests, and liveness still answers 200 so nobody kills the
 * process before its in-flight work is done.
 */
import type { FastifyInstance } from "fastify";
import { HEALTH_PATHS, type DependencyCheck, type DependencyName, type LiveAnswer, type ReadyAnswer, type ServiceRole } from "../../../schemas/health";

const PING_TIMEOUT_MS = 2_000;

interface Dependency {
  /** What is checked, for the answer and the logs; never a secret. */
  target: string;
  /** Resolves when the dependency answers; rejects (or hangs) when it does not. */
  ping(): Promise<void>;
}

interface HealthOptions {
  role: ServiceRole;
  draining(): boolean;
  dependencies: Record<DependencyName, Dependency>;
}

function withTimeout(ping: () => Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    ping().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function check(dependency: Dependency): Promise<DependencyCheck> {
  const started = performance.now();
  try {
    await withTimeout(() => dependency.ping(), PING_TIMEOUT_MS);
    return { ok: true, target: dependency.target, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, target: dependency.target, error: message, ms: Math.round(performance.now() - started) };
  }
}

export function registerHealthRoutes(app: FastifyInstance, options: HealthOptions): void {
  const startedAt = performance.now();
  app.get(HEALTH_PATHS.live, async (): Promise<LiveAnswer> => ({
    status: "ok",
    role: options.role,
    draining: options.draining(),
    uptimeSec: Math.round((performance.now() - startedAt) / 1000),
  }));

  app.get(HEALTH_PATHS.ready, async (_request, reply): Promise<ReadyAnswer> => {
    const names = Object.keys(options.dependencies) as DependencyName[];
    const results = await Promise.all(names.map((name) => check(options.dependencies[name])));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]])) as Record<DependencyName, DependencyCheck>;
    const status = options.draining() ? "draining" : results.every((r) => r.ok) ? "ready" : "unready";
    if (status !== "ready") reply.code(503);
    return { status, role: options.role, checks };
  });
}
