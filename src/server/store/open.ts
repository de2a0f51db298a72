/**
 * Opening the configured store: PostgreSQL when a database URL is given (several instances
 * share it), else the embedded SQLite file. Both come migrated to this service's schema.
 */
import { createStore, storeOn, type Store } from ".";
import { migratePostgres } from "./pg/migrate";
import { createPgSql } from "./pgSql";

interface StoreLocation {
  /** SQLite file (":memory:" for a throwaway store); used when databaseUrl is absent. */
  dbPath: string;
  /** postgres://… */
  databaseUrl?: string | undefined;
}

interface OpenedStore {
  store: Store;
  engine: "sqlite" | "postgres";
  /** Where it is, for logs and /readyz; never the password. */
  target: string;
}

/** The URL without its password (and user), for logs and readiness answers. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "postgres (unparsable URL)";
  }
}

export async function openStore(location: StoreLocation, options: { applicationName?: string } = {}): Promise<OpenedStore> {
  if (location.databaseUrl) {
    const sql = createPgSql({ connectionString: location.databaseUrl, ...(options.applicationName ? { applicationName: options.applicationName } : {}) });
    try {
      await migratePostgres(sql.pool);
    } catch (error) {
      await sql.close();
      throw error;
    }
    return { store: storeOn(sql), engine: "postgres", target: describeDatabaseUrl(location.databaseUrl) };
  }
  return { store: createStore(location.dbPath), engine: "sqlite", target: `sqlite ${location.dbPath}` };
}
