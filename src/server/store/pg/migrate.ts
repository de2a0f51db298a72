/**
 * Bringing a PostgreSQL database up to this service's schema. Several instances may start at
 * once against one database; a transaction-scoped advisory lock makes them take turns, so
 * each migration is applied exactly once and nobody reads a half-made schema.
 */
import type pg from "pg";
import type { Migration } from "../migrations";
import { PG_MIGRATIONS } from "./migrations";

/** The advisory lock every faceflow instance takes to migrate: the bytes of "faceflow" as an int8. */
const MIGRATION_LOCK_KEY = "7377286951770812279"; // 0x66616365666c6f77

const CREATE_LEDGER = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;

interface MigrationOutcome {
  /** Schema version found before, 0 for an empty database. */
  from: number;
  /** Schema version now. */
  to: number;
  /** Versions this call applied (empty when another instance, or an earlier start, did). */
  applied: number[];
}

/**
 * Apply every migration the database lacks, each in its own transaction, recorded in
 * schema_migrations. Refuses a database migrated by a newer service.
 * Example: `await migratePostgres(new pg.Pool({ connectionString }))`.
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[] = PG_MIGRATIONS): Promise<MigrationOutcome> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const newest = ordered.reduce((max, m) => Math.max(max, m.version), 0);
  const client = await pool.connect();
  try {
    // A first, usually only, transaction: the ledger exists and the database is not ahead of us.
    const before = await locked(client, async () => {
      const versions = await appliedVersions(client);
      refuseNewer(versions, newest);
      return versions;
    });
    const applied: number[] = [];
    for (const migration of ordered) {
      if (before.has(migration.version)) continue;
      const didApply = await locked(client, async () => {
        // Another instance may have applied it while we waited for the lock.
        const versions = await appliedVersions(client);
        refuseNewer(versions, newest);
        if (versions.has(migration.version)) return false;
        await client.query(migration.sql);
        await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
          migration.version,
          migration.name,
          Date.now(),
        ]);
        return true;
      });
      if (didApply) applied.push(migration.version);
    }
    return { from: Math.max(0, ...before), to: Math.max(0, ...before, ...ordered.map((m) => m.version)), applied };
  } finally {
    client.release();
  }
}

/** Run `fn` in a transaction holding the migration lock, released by COMMIT or ROLLBACK. */
async function locked<T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
    const result = await fn();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

async function appliedVersions(client: pg.PoolClient): Promise<Set<number>> {
  // Under the lock, so two first starts never race to create the ledger.
  await client.query(CREATE_LEDGER);
  const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
  return new Set(rows.map((r) => Number(r.version)));
}

function refuseNewer(versions: Set<number>, newest: number): void {
  const current = Math.max(0, ...versions);
  if (current > newest) {
    throw new Error(`database schema version ${current} is newer than this service knows (${newest}); upgrade the service`);
  }
}
