/**
 * The one seam between the repositories and a database engine. Repositories write their SQL
 * once, in the dialect both engines share (`?` or `@name` parameters, `ON CONFLICT`,
 * `RETURNING`), and run it through an `Sql`: SQLite (sqliteSql.ts, the embedded default) or
 * PostgreSQL (pgSql.ts). Where the engines differ a repository asks `dialect`.
 *
 * Every call is asynchronous, even on SQLite, so that the routes are written once for both.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type SqlValue = string | number | null;
/** Positional values for `?`, or named values for `@name`. */
export type SqlParams = readonly SqlValue[] | Readonly<Record<string, SqlValue>>;
export type Dialect = "sqlite" | "postgres";

export interface Sql {
  readonly dialect: Dialect;
  all(sql: string, params?: SqlParams): Promise<unknown[]>;
  /** The first row, or undefined when there is none. */
  get(sql: string, params?: SqlParams): Promise<unknown>;
  /** How many rows an INSERT, UPDATE or DELETE changed. */
  run(sql: string, params?: SqlParams): Promise<{ changes: number }>;
  /**
   * Run `fn` all or nothing. Inside, use only the `tx` handed to `fn`: the outer handle
   * refuses to run while its own transaction is open in the same async context, because on
   * SQLite it would wait for that transaction forever and on PostgreSQL it would run on
   * another connection, outside it. A transaction inside a transaction is a savepoint.
   * `readOnly`: only reads, all from one snapshot (a dashboard's figures), taking no write lock.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: run SQL written for PostgreSQL as it is ($1 parameters, no rewriting), on
   * this handle's connection. What pg-boss is given to create a job inside a transaction of ours.
   */
  executeRaw?(text: string, values: readonly unknown[]): Promise<{ rows: unknown[] }>;
}

/** `column IN (?, ?, ?)` for a list of `count` values; for an empty list, a condition that holds for no row (or, negated, for every row). */
export function inList(column: string, count: number, negate = false): string {
  if (count === 0) return negate ? "1 = 1" : "1 = 0";
  return `${column} ${negate ? "NOT IN" : "IN"} (${Array.from({ length: count }, () => "?").join(", ")})`;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

interface CompiledSql {
  text: string;
  values: SqlValue[];
}

/** A statement's text cut at its parameters: what compileSql reads once per SQL text and dialect. */
interface Template {
  text: string;
  /** For each parameter the engine sees, in order: a position in the `?` values, or a name. */
  slots: (number | string)[];
  /** How many `?` the text has (positional form). */
  positionalCount: number;
}

const TEMPLATE_CACHE = 1_000;
const templates = new Map<string, Template>();

/**
 * Cut `sql` at its `?` (positional) or `@name` (named) parameters into the engine's own:
 * `?` for SQLite, `$n` for PostgreSQL (a name used twice is one `$n`). Quoted text is left
 * alone, so `'(other)'` or `'a?b'` in a literal is never taken for a parameter.
 */
function templateOf(sql: string, positional: boolean, dialect: Dialect): Template {
  const key = `${dialect}${positional ? "?" : "@"}${sql}`;
  const cached = templates.get(key);
  if (cached !== undefined) return cached;
  const slots: (number | string)[] = [];
  const slotOfName = new Map<string, number>();
  let positionalCount = 0;
  let text = "";
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'") {
      const end = sql.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated string literal in SQL: ${sql}`);
      text += sql.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (ch === "?" && positional) {
      slots.push(positionalCount++);
      text += dialect === "postgres" ? `$${slots.length}` : "?";
      i += 1;
      continue;
    }
    const name = ch === "@" && !positional ? /^@([A-Za-z_][A-Za-z0-9_]*)/.exec(sql.slice(i))?.[1] : undefined;
    if (name !== undefined) {
      let slot = slotOfName.get(name);
      if (slot === undefined || dialect === "sqlite") {
        slots.push(name);
        slot = slots.length;
        slotOfName.set(name, slot);
      }
      text += dialect === "postgres" ? `$${slot}` : "?";
      i += name.length + 1;
      continue;
    }
    text += ch;
    i += 1;
  }
  const template = { text, slots, positionalCount };
  if (templates.size >= TEMPLATE_CACHE) templates.clear();
  templates.set(key, template);
  return template;
}

/** The engine's text and values for `sql` with `params` (see templateOf). */
export function compileSql(sql: string, params: SqlParams | undefined, dialect: Dialect): CompiledSql {
  const positional = Array.isArray(params) ? (params as readonly SqlValue[]) : null;
  const named = positional === null ? ((params ?? {}) as Readonly<Record<string, SqlValue>>) : null;
  const template = templateOf(sql, positional !== null, dialect);
  if (positional !== null && template.positionalCount !== positional.length) {
    throw new Error(`SQL has ${template.positionalCount} ? for ${positional.length} values: ${sql}`);
  }
  const values = template.slots.map((slot): SqlValue => {
    if (typeof slot === "number") return positional![slot]!;
    if (named === null || !(slot in named)) throw new Error(`SQL parameter @${slot} has no value: ${sql}`);
    return named[slot]!;
  });
  return { text: template.text, values };
}

/**
 * Which transaction the current async context is inside, per root handle: how a root handle
 * notices it is being used from inside its own transaction (see Sql.transaction).
 */
export function transactionGuard(engine: string) {
  // An object, not a flag: work started inside a transaction that outlives it (a timer, say)
  // inherits the context, and must be free to use the root handle once the transaction ended.
  const inside = new AsyncLocalStorage<{ open: boolean }>();
  return {
    check() {
      if (inside.getStore()?.open) {
        throw new Error(`${engine} store used outside its transaction from inside it: use the transaction's store (tx)`);
      }
    },
    async run<T>(fn: () => Promise<T>): Promise<T> {
      const state = { open: true };
      try {
        return await inside.run(state, fn);
      } finally {
        state.open = false;
      }
    },
  };
}
