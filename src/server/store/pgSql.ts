/**
 * PostgreSQL behind the Sql seam, through a `pg` pool: what several service instances share.
 *
 * Rows read the same as SQLite's: BIGINT (times in ms, COUNT) and NUMERIC (SUM of BIGINT)
 * come back as JavaScript numbers instead of pg's default strings; every value the service
 * keeps is far below 2^53. A transaction takes one pooled connection for its whole life and
 * is tried again, whole, when PostgreSQL aborts it for a deadlock or a serialization
 * failure: its function must do nothing but store calls, which the rollback has undone.
 */
import pg from "pg";
import { compileSql, transactionGuard, type Sql, type SqlParams } from "./sql";

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const RETRIED_CODES = new Set(["40001", "40P01"]);
const TRANSACTION_TRIES = 5;

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  },
};

interface Queryable {
  query(text: string, values: unknown[]): Promise<pg.QueryResult>;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

interface PgSqlOptions {
  connectionString: string;
  /** Connections this process keeps at most (default 10). */
  max?: number;
  /** Names the connections in pg_stat_activity. */
  applicationName?: string;
}

export function createPgSql(options: PgSqlOptions): Sql & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "faceflow",
    types,
    // An instance that vanishes mid-transaction (its host cut off, no TCP close) would hold its
    // row locks, an order's say, until the server's keepalive noticed (hours by default): the
    // server ends a transaction idle this long, and both sides probe the connection.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection the server dropped (a restart, a failover) must not crash the process.
  pool.on("error", () => undefined);
  const guard = transactionGuard("PostgreSQL");

  function handle(on: Queryable, transactionOf: Sql["transaction"], checked: boolean): Sql {
    const query = async (sql: string, params?: SqlParams) => {
      if (checked) guard.check();
      const compiled = compileSql(sql, params, "postgres");
      return on.query(compiled.text, compiled.values);
    };
    return {
      dialect: "postgres",
      all: async (sql, params) => (await query(sql, params)).rows,
      get: async (sql, params) => (await query(sql, params)).rows[0],
      run: async (sql, params) => ({ changes: (await query(sql, params)).rowCount ?? 0 }),
      transaction: transactionOf,
      close: () => Promise.reject(new Error("close the store, not its transaction")),
      async executeRaw(text, values) {
        if (checked) guard.check();
        return { rows: (await on.query(text, [...values])).rows };
      },
    };
  }

  function txHandle(client: pg.PoolClient): Sql {
    let savepoints = 0;
    const tx: Sql = handle(
      client,
      async (fn) => {
        const name = `sp${++savepoints}`;
        await client.query(`SAVEPOINT ${name}`);
        try {
          const result = await fn(tx);
          await client.query(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (error) {
          await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
          throw error;
        }
      },
      false,
    );
    return tx;
  }

  async function once<T>(fn: (tx: Sql) => Promise<T>, readOnly: boolean): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      // Read committed takes a snapshot per statement; a read-only transaction's figures must agree.
      await client.query(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
      try {
        const result = await guard.run(() => fn(txHandle(client)));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {
          broken = true;
        });
        throw error;
      }
    } finally {
      // A connection whose rollback failed is in an unknown state: destroyed, not reused.
      client.release(broken);
    }
  }

  const root = handle(
    pool,
    async (fn, options) => {
      guard.check();
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(fn, options?.readOnly ?? false);
        } catch (error) {
          if (attempt >= TRANSACTION_TRIES || !RETRIED_CODES.has(codeOf(error) ?? "")) throw error;
        }
      }
    },
    true,
  );
  return { ...root, pool, close: () => pool.end() };
}
