/**
 * The PostgreSQL schema against a real server: migrations apply once however many instances
 * start together, and the result matches what SQLite reaches after its own migrations (names,
 * column order, nullability, types, defaults, keys, indexes, triggers and what the triggers
 * count), so a migration added on one engine alone fails here.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../scripts/pg/localPostgres";
import { openDatabase, type Db } from "../../../src/server/store/database";
import { migratePostgres } from "../../../src/server/store/pg/migrate";
import { PG_MIGRATIONS } from "../../../src/server/store/pg/migrations";
import { injectPgUrl } from "../../pgGlobalSetup";

const pgUrl = injectPgUrl();
const newest = Math.max(...PG_MIGRATIONS.map((m) => m.version));

/** A fresh database for one test, its pools closed and the database dropped afterwards. */
async function withDatabase(use: (url: string) => Promise<void>): Promise<void> {
  const db = await createTestDatabase(pgUrl!);
  try {
    await use(db.url);
  } finally {
    await db.drop();
  }
}

async function withPool<T>(url: string, use: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    return await use(pool);
  } finally {
    await pool.end();
  }
}

describe.skipIf(pgUrl === null)("PostgreSQL migrations", () => {
  it("apply every version to an empty database; a second run applies nothing", () =>
    withDatabase((url) =>
      withPool(url, async (pool) => {
        expect(await migratePostgres(pool)).toEqual({ from: 0, to: newest, applied: PG_MIGRATIONS.map((m) => m.version) });
        expect(await migratePostgres(pool)).toEqual({ from: newest, to: newest, applied: [] });
        const { rows } = await pool.query("SELECT version, name FROM schema_migrations ORDER BY version");
        expect(rows).toEqual(PG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
      }),
    ));

  it("let instances starting at once all succeed, each version applied exactly once", () =>
    withDatabase(async (url) => {
      const outcomes = await Promise.all([0, 1, 2].map(() => withPool(url, (pool) => migratePostgres(pool))));
      expect(outcomes.flatMap((o) => o.applied).sort((a, b) => a - b)).toEqual(PG_MIGRATIONS.map((m) => m.version));
      for (const outcome of outcomes) expect(outcome.to).toBe(newest);
      const { rows } = await withPool(url, (pool) => pool.query("SELECT count(*)::int AS n FROM schema_migrations"));
      expect(rows[0]).toEqual({ n: PG_MIGRATIONS.length });
    }));

  it("refuse a database migrated by a newer service", () =>
    withDatabase((url) =>
      withPool(url, async (pool) => {
        await migratePostgres(pool);
        await expect(migratePostgres(pool, PG_MIGRATIONS.slice(0, 1))).rejects.toThrow(
          `database schema version ${newest} is newer than this service knows (1); upgrade the service`,
        );
      }),
    ));
});

/** One engine's schema, in a form both engines produce, keyed by table. */
interface TableShape {
  columns: string[];
  keys: string[];
  foreignKeys: string[];
  checks: number;
}

/**
 * SQL text as both engines can be compared on: no parentheses, no spaces, lower case, and
 * without the casts PostgreSQL writes into what it deparses (`'passed'::text`).
 */
function normalizeSql(sql: string): string {
  return sql.replace(/::(?:character varying|double precision|[a-z]+)/gi, "").replace(/[()\s]/g, "").toLowerCase();
}

/** "name AFTER UPDATE OF status ON table": what fires a trigger, from either engine's CREATE TRIGGER. */
function triggerEvent(sql: string): string {
  const m = /CREATE TRIGGER\s+(\w+)\s+((?:BEFORE|AFTER|INSTEAD OF)\s+(?:INSERT|DELETE|UPDATE)(?:\s+OF\s+[\w\s,]+?)?\s+ON\s+\w+)/i.exec(sql);
  if (!m) throw new Error(`unreadable trigger: ${sql}`);
  return `${m[1]} ${m[2]!.replace(/\s+/g, " ").toUpperCase()}`;
}

function normalizePredicate(sql: string | null): string | null {
  return sql === null ? null : normalizeSql(sql);
}

/** PostgreSQL types each SQLite declared type may become (see pg/migrations.ts). */
const TYPE_FAMILY: Record<string, string[]> = { INTEGER: ["integer", "bigint"], TEXT: ["text"], REAL: ["double precision"] };

function sqliteShape(db: Db) {
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; sql: string }[];
  const shape: Record<string, TableShape> = {};
  for (const t of tables) {
    const info = db.pragma(`table_info(${t.name})`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    const pk = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const uniques = (db.pragma(`index_list(${t.name})`) as { name: string; origin: string }[])
      .filter((i) => i.origin === "u")
      .map((i) => `unique(${(db.pragma(`index_info(${i.name})`) as { name: string }[]).map((c) => c.name).join(",")})`);
    shape[t.name] = {
      // SQLite lets a non-integer PRIMARY KEY hold NULL (a known quirk); PostgreSQL never does, and nothing writes one.
      columns: info.map((c) => `${c.name} ${TYPE_FAMILY[c.type.toUpperCase()]?.join("|") ?? c.type} ${c.notnull || c.pk ? "not null" : "null"} default ${c.dflt_value}`),
      keys: [`pk(${pk.join(",")})`, ...uniques].sort(),
      foreignKeys: (db.pragma(`foreign_key_list(${t.name})`) as { table: string; from: string; to: string }[]).map((f) => `${f.from} -> ${f.table}(${f.to})`).sort(),
      checks: (t.sql.match(/\bCHECK\s*\(/gi) ?? []).length,
    };
  }
  const indexes = (db.prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as { name: string; tbl_name: string; sql: string }[]).map(
    (i) => {
      // Read from the statement, since PRAGMA index_info names no expression.
      const [, keys = "", where = null] = /\bON\s+\w+\s*\((.*?)\)\s*(?:WHERE\b(.*))?$/is.exec(i.sql) ?? [];
      return `${i.name} on ${i.tbl_name}(${normalizeSql(keys)})${/^CREATE UNIQUE/i.test(i.sql) ? " unique" : ""} where ${normalizePredicate(where)}`;
    },
  );
  const triggers = (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { sql: string }[]).map((t) => triggerEvent(t.sql));
  return { shape, indexes, triggers };
}

const COLUMNS_OF = (key: string, rel: string) =>
  `(SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(${key}) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.attnum)`;

async function postgresShape(pool: pg.Pool) {
  const q = async <T,>(sql: string) => (await pool.query(sql)).rows as T[];
  const columns = await q<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, ordinal_position`,
  );
  const constraints = await q<{ tbl: string; contype: string; cols: string; ref: string | null; ref_cols: string | null }>(
    `SELECT t.relname AS tbl, c.contype, ${COLUMNS_OF("c.conkey", "c.conrelid")} AS cols, r.relname AS ref, ${COLUMNS_OF("c.confkey", "c.confrelid")} AS ref_cols
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid LEFT JOIN pg_class r ON r.oid = c.confrelid
     WHERE c.connamespace = 'public'::regnamespace AND t.relname <> 'schema_migrations'`,
  );
  const shape: Record<string, TableShape> = {};
  for (const c of columns) {
    const table = (shape[c.table_name] ??= { columns: [], keys: [], foreignKeys: [], checks: 0 });
    const dflt = c.column_default?.replace(/::[a-z ]+$/, "") ?? null;
    // Compared as the family of the SQLite type it stands for.
    const family = Object.values(TYPE_FAMILY).find((f) => f.includes(c.data_type))?.join("|") ?? c.data_type;
    table.columns.push(`${c.column_name} ${family} ${c.is_nullable === "NO" ? "not null" : "null"} default ${dflt}`);
  }
  for (const c of constraints) {
    const table = shape[c.tbl]!;
    if (c.contype === "p") table.keys.push(`pk(${c.cols})`);
    if (c.contype === "u") table.keys.push(`unique(${c.cols})`);
    if (c.contype === "f") table.foreignKeys.push(`${c.cols} -> ${c.ref}(${c.ref_cols})`);
    if (c.contype === "c") table.checks += 1;
  }
  for (const table of Object.values(shape)) {
    table.keys.sort();
    table.foreignKeys.sort();
  }
  // Indexes made by CREATE INDEX, not the ones PostgreSQL makes for PRIMARY KEY and UNIQUE.
  const indexes = (
    await q<{ name: string; tbl: string; cols: string; uniq: boolean; pred: string | null }>(
      `SELECT i.relname AS name, t.relname AS tbl, (SELECT string_agg(pg_get_indexdef(ix.indexrelid, n, true), ',' ORDER BY n) FROM generate_series(1, ix.indnatts) n) AS cols, ix.indisunique AS uniq,
         pg_get_expr(ix.indpred, ix.indrelid) AS pred
       FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
       WHERE t.relnamespace = 'public'::regnamespace
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid AND c.contype IN ('p', 'u'))
       ORDER BY i.relname`,
    )
  ).map((i) => `${i.name} on ${i.tbl}(${normalizeSql(i.cols)})${i.uniq ? " unique" : ""} where ${normalizePredicate(i.pred)}`);
  const triggers = (
    await q<{ def: string }>(
      `SELECT pg_get_triggerdef(tg.oid) AS def FROM pg_trigger tg JOIN pg_class t ON t.oid = tg.tgrelid
       WHERE NOT tg.tgisinternal AND t.relnamespace = 'public'::regnamespace ORDER BY tg.tgname`,
    )
  ).map((t) => triggerEvent(t.def.replace(/\bON public\./, "ON ")));
  return { shape, indexes, triggers };
}

/**
 * The same writes on both engines, touching every trigger of the order funnel: attempts whose
 * status moves in and out of 'pending'/'abandoned', several rows in one statement, recordings
 * and results added, changed and removed, an order near UTC midnight, orders deleted.
 */
const DAY1 = Date.UTC(2030, 0, 1, 8);
const NEAR_MIDNIGHT = Date.UTC(2030, 0, 1, 23, 59, 59, 999);
const DAY2 = Date.UTC(2030, 0, 2, 0, 0, 0, 1);
const ORDER = `INSERT INTO orders (order_no, app_id, h5_face_id, user_id, live_type, actions, theme, return_url, launch_options, max_attempts, state, created_at, updated_at)
  VALUES (?, ?, ?, 'u', 'silent', '[]', 'default', 'https://partner.example/back', '{}', 3, 'created', ?, ?)`;
const ATTEMPT = "INSERT INTO attempts (order_no, seq, channel, status, created_at) VALUES (?, ?, 'upload', ?, ?)";
const ATTEMPT_ID = "(SELECT id FROM attempts WHERE order_no = ? AND seq = ?)";
const RECORDING = `INSERT INTO recordings (attempt_id, path, container, mime_type, bytes, sha256, message_id, created_at)
  VALUES (${ATTEMPT_ID}, 'p', 'webm', 'video/webm', 1000, 'h', ?, ?)`;
const RESULT = `INSERT INTO results (order_no, attempt_id, passed, payload, created_at) VALUES (?, ${ATTEMPT_ID}, ?, '{}', ?)`;

const SCENARIO: [string, (string | number)[]][] = [
  ["INSERT INTO apps (app_id, secret, allowed_origins, created_at, updated_at) VALUES ('a1', 's', '[]', 0, 0), ('a2', 's', '[]', 0, 0)", []],
  [ORDER, ["o1", "a1", "h1", DAY1, DAY1]],
  [ORDER, ["o2", "a1", "h2", NEAR_MIDNIGHT, NEAR_MIDNIGHT]],
  [ORDER, ["o3", "a2", "h3", DAY2, DAY2]],
  [ORDER, ["o4", "a1", "h4", DAY2, DAY2]],
  [ATTEMPT, ["o1", 1, "pending", DAY1]],
  [ATTEMPT, ["o1", 2, "pending", DAY1]],
  ["UPDATE attempts SET status = 'uploaded' WHERE order_no = 'o1' AND seq = 1", []],
  ["UPDATE attempts SET status = 'abandoned' WHERE order_no = 'o1' AND seq = 1", []],
  ["UPDATE attempts SET status = 'pending' WHERE order_no = 'o1' AND seq = 2", []],
  [ATTEMPT, ["o2", 1, "uploaded", NEAR_MIDNIGHT]],
  [ATTEMPT, ["o3", 1, "verifying", DAY2]],
  [RECORDING, ["o2", 1, "m1", NEAR_MIDNIGHT]],
  [RECORDING, ["o1", 1, "m2", DAY1]],
  [RESULT, ["o1", "o1", 1, 0, DAY1]],
  [RESULT, ["o2", "o2", 1, 1, NEAR_MIDNIGHT]],
  [RESULT, ["o3", "o3", 1, 0, DAY2]],
  ["UPDATE results SET passed = 1 WHERE order_no = 'o1'", []],
  ["UPDATE results SET payload = '{\"x\":1}'", []],
  ["UPDATE attempts SET status = 'verified' WHERE order_no IN ('o1', 'o3')", []],
  ["DELETE FROM recordings WHERE message_id = 'm1'", []],
  ["DELETE FROM results WHERE order_no = 'o2'", []],
  ["DELETE FROM orders WHERE order_no = 'o4'", []],
  ["DELETE FROM recordings WHERE message_id = 'm2'", []],
  ["DELETE FROM results WHERE order_no = 'o1'", []],
  ["DELETE FROM attempts WHERE order_no = 'o1'", []],
  ["DELETE FROM orders WHERE order_no = 'o1'", []],
  ["UPDATE attempts SET status = 'pending'", []],
  // Facts written directly, as SQLite's migration 7 did for existing orders: decided ones included.
  ["INSERT INTO analytics_order_facts (order_no, day, app_id, recorded, uploaded, passed) VALUES ('x1', '2030-01-05', 'a1', 1, 1, 0), ('x2', '2030-01-05', 'a1', 1, 0, 1), ('x3', '2030-01-05', 'a2', 0, 0, NULL), ('x4', '2030-01-06', 'a1', 0, 1, 0)", []],
  ["UPDATE analytics_order_facts SET passed = 1, uploaded = 0 WHERE order_no = 'x1'", []],
  ["UPDATE analytics_order_facts SET passed = NULL WHERE order_no = 'x2'", []],
  ["DELETE FROM analytics_order_facts WHERE order_no IN ('x1', 'x3')", []],
];

const FACTS = "SELECT order_no, day, app_id, recorded, uploaded, passed FROM analytics_order_facts ORDER BY order_no";
const COUNTS = `SELECT day, app_id, CAST(launched AS INTEGER) AS launched, CAST(recorded AS INTEGER) AS recorded,
  CAST(uploaded AS INTEGER) AS uploaded, CAST(passed AS INTEGER) AS passed, CAST(failed AS INTEGER) AS failed
  FROM analytics_order_counts ORDER BY day, app_id`;

function toPostgresParams(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

describe.skipIf(pgUrl === null)("PostgreSQL schema against SQLite's", () => {
  let sqlite: Db;
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    sqlite = openDatabase(":memory:");
    const db = await createTestDatabase(pgUrl!);
    drop = db.drop;
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    await migratePostgres(pool);
  });
  afterAll(async () => {
    sqlite?.close();
    await pool?.end();
    await drop?.();
  });

  it("has the same tables, columns, keys, indexes and triggers", async () => {
    const expected = sqliteShape(sqlite);
    const actual = await postgresShape(pool);
    expect(Object.keys(actual.shape).sort()).toEqual(Object.keys(expected.shape).sort());
    for (const [table, shape] of Object.entries(expected.shape)) expect({ table, ...actual.shape[table] }).toEqual({ table, ...shape });
    expect(actual.indexes).toEqual(expected.indexes);
    expect(actual.triggers).toEqual(expected.triggers);
  });

  it("keeps the order funnel counters exactly as SQLite's triggers do, write after write", async () => {
    for (const [step, [sql, params]] of SCENARIO.entries()) {
      sqlite.prepare(sql).run(...params);
      await pool.query(toPostgresParams(sql), params);
      const sqliteState = { step, sql, facts: sqlite.prepare(FACTS).all(), counts: sqlite.prepare(COUNTS).all() };
      const pgState = { step, sql, facts: (await pool.query(FACTS)).rows, counts: (await pool.query(COUNTS)).rows };
      expect(pgState).toEqual(sqliteState);
    }
    // The scenario is only a check if it left something to count.
    expect((await pool.query(COUNTS)).rows.length).toBeGreaterThan(1);
  });
});
