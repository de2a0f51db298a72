/**
 * One PostgreSQL server per test run, shared by every PostgreSQL-backed test file. Vitest runs
 * this only when the run includes a file of the "pg" project (vitest.config.ts), so runs
 * without such a file start nothing. Each file takes its own database on the server:
 *
 *   const url = injectPgUrl();                       // this server, or null (see below)
 *   const db = await createTestDatabase(url!);       // from scripts/pg/localPostgres
 *
 * Missing PostgreSQL binaries fail the run (CI installs them); with FACEFLOW_PG_OPTIONAL=1 a
 * developer machine without them skips those tests instead, and injectPgUrl() returns null.
 */
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { findPostgresBin, PostgresNotInstalledError, startLocalPostgres } from "../scripts/pg/localPostgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared test server's `faceflow` database URL; null when skipped under FACEFLOW_PG_OPTIONAL=1. */
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  try {
    findPostgresBin();
  } catch (error) {
    if (error instanceof PostgresNotInstalledError && process.env.FACEFLOW_PG_OPTIONAL === "1") {
      console.warn(`[pg] FACEFLOW_PG_OPTIONAL=1: skipping the PostgreSQL-backed tests. ${error.message}`);
      project.provide("pgUrl", null);
      return undefined;
    }
    throw error;
  }
  const started = Date.now();
  const server = await startLocalPostgres({ fast: true });
  console.log(`[pg] test server ${server.url} started in ${Date.now() - started} ms`);
  project.provide("pgUrl", server.url);
  return () => server.stop();
}

/**
 * The shared server's URL in a test file; null means skip (FACEFLOW_PG_OPTIONAL=1 without
 * PostgreSQL). Throws when the file is not in the "pg" project, whose set-up alone starts the server.
 */
export function injectPgUrl(): string | null {
  const url = inject("pgUrl");
  if (url === undefined) {
    throw new Error("no PostgreSQL test server in this run: a PostgreSQL-backed test file must match the \"pg\" project in vitest.config.ts (tests/**/pg/**/*.test.ts or tests/**/*.pg.test.ts)");
  }
  return url;
}
