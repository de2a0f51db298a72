/**
 * Opening the embedded SQLite store and bringing its schema up to date.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import * as z from "zod";
import { MIGRATIONS, type Migration } from "./migrations";

export type Db = Database.Database;

/** Open (creating the directory and file if needed) and migrate. ":memory:" works for tests. */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  // Several service processes may share one file; wait for a lock rather than fail at once.
  db.pragma("busy_timeout = 5000");
  migrate(db, migrations);
  return db;
}

const userVersion = z.number().int().nonnegative();

/** Apply every migration above the stored user_version, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[]): void {
  const current = userVersion.parse(db.pragma("user_version", { simple: true }));
  const newest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > newest) {
    throw new Error(`database schema version ${current} is newer than this service knows (${newest}); upgrade the service`);
  }
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
