/**
 * The embedded engine behind the Sql seam: one better-sqlite3 connection.
 *
 * better-sqlite3 runs each statement synchronously, and a connection has one transaction at
 * a time, so an asynchronous transaction (one that awaits between its statements) must keep
 * every other statement off the connection until it ends, or they would join it (and vanish
 * with its rollback). Statements and transactions therefore wait their turn while a
 * transaction is open or queued; with none, a statement runs at once. Transactions begin
 * IMMEDIATE: several processes may share the file (busy_timeout in database.ts), and taking
 * the write lock up front avoids the deadlock of two readers both upgrading.
 */
import type { Db } from "./database";
import { compileSql, transactionGuard, type Sql, type SqlParams } from "./sql";

/** Prepared statements kept per SQL text; lists built per call (IN (?, ?)) vary, hence a bound. */
const STATEMENT_CACHE = 500;

export function createSqliteSql(db: Db): Sql {
  const statements = new Map<string, ReturnType<Db["prepare"]>>();
  const guard = transactionGuard("SQLite");
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let savepoints = 0;

  function prepare(sql: string, params: SqlParams | undefined) {
    const compiled = compileSql(sql, params, "sqlite");
    let statement = statements.get(compiled.text);
    if (statement === undefined) {
      if (statements.size >= STATEMENT_CACHE) statements.clear();
      statement = db.prepare(compiled.text);
      statements.set(compiled.text, statement);
    }
    return { statement, values: compiled.values };
  }

  const now = {
    all: (sql: string, params?: SqlParams): unknown[] => {
      const { statement, values } = prepare(sql, params);
      return statement.all(values);
    },
    get: (sql: string, params?: SqlParams): unknown => {
      const { statement, values } = prepare(sql, params);
      return statement.get(values);
    },
    run: (sql: string, params?: SqlParams): { changes: number } => {
      const { statement, values } = prepare(sql, params);
      return { changes: statement.run(values).changes };
    },
  };

  /** After every transaction queued before it. */
  function inTurn<T>(fn: () => Promise<T>): Promise<T> {
    waiting += 1;
    const result = tail.then(fn);
    tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result.finally(() => {
      waiting -= 1;
    });
  }

  function rootCall<T>(fn: () => T): Promise<T> {
    try {
      guard.check();
      if (waiting === 0) return Promise.resolve(fn());
    } catch (error) {
      return Promise.reject(error);
    }
    return inTurn(async () => fn());
  }

  // Inside a transaction: the connection is ours, so statements run at once.
  const tx: Sql = {
    dialect: "sqlite",
    all: async (sql, params) => now.all(sql, params),
    get: async (sql, params) => now.get(sql, params),
    run: async (sql, params) => now.run(sql, params),
    async transaction(fn) {
      const name = `sp${++savepoints}`;
      db.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        db.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        db.exec(`ROLLBACK TO ${name}`);
        db.exec(`RELEASE ${name}`);
        throw error;
      }
    },
    close: () => Promise.reject(new Error("close the store, not its transaction")),
  };

  return {
    dialect: "sqlite",
    all: (sql, params) => rootCall(() => now.all(sql, params)),
    get: (sql, params) => rootCall(() => now.get(sql, params)),
    run: (sql, params) => rootCall(() => now.run(sql, params)),
    transaction(fn, options) {
      try {
        guard.check();
      } catch (error) {
        return Promise.reject(error);
      }
      return inTurn(async () => {
        // A deferred transaction reads one snapshot (WAL) without taking the write lock.
        db.exec(options?.readOnly ? "BEGIN" : "BEGIN IMMEDIATE");
        try {
          const result = await guard.run(() => fn(tx));
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        }
      });
    },
    async close() {
      await tail;
      db.close();
    },
  };
}
