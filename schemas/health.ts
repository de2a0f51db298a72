/**
 * The health answers of the service (src/server/http/health.ts), for load balancers,
 * orchestrators and the cluster tests:
 * - `GET /healthz`: the process is up and serving (200 while it is, also while draining).
 * - `GET /readyz`: 200 when this instance should be sent traffic: its store, media store and
 *   job queue answer and it is not draining; otherwise 503 naming what failed.
 */
import * as z from "zod";

export const HEALTH_PATHS = { live: "/healthz", ready: "/readyz" } as const;

const dependencyNames = ["store", "media", "queue"] as const;
export type DependencyName = (typeof dependencyNames)[number];

const dependencyCheckSchema = z.object({
  ok: z.boolean(),
  /** What was checked, e.g. "postgres 127.0.0.1:5432/faceflow" or "local ./data/media"; never a secret. */
  target: z.string(),
  /** Why it failed; absent when ok. */
  error: z.string().optional(),
  ms: z.number().nonnegative(),
});

export const liveAnswerSchema = z.object({
  status: z.literal("ok"),
  role: z.enum(["all", "api", "worker"]),
  draining: z.boolean(),
  uptimeSec: z.number().nonnegative(),
});

export const readyAnswerSchema = z.object({
  status: z.enum(["ready", "unready", "draining"]),
  role: z.enum(["all", "api", "worker"]),
  checks: z.record(z.enum(dependencyNames), dependencyCheckSchema),
});

export type DependencyCheck = z.infer<typeof dependencyCheckSchema>;
export type LiveAnswer = z.infer<typeof liveAnswerSchema>;
export type ReadyAnswer = z.infer<typeof readyAnswerSchema>;
export type ServiceRole = LiveAnswer["role"];
