/**
 * Service-wide values that must survive restarts and be shared by every process using the
 * same store (the cookie-signing key).
 */
import * as z from "zod";
import type { Db } from "./database";
import { parseRow } from "./json";

export interface SettingsRepo {
  /** The stored value, or `make()` stored and returned when absent (first writer wins). */
  getOrCreate(key: string, make: () => string): string;
}

const valueRow = z.object({ value: z.string() });

export function createSettingsRepo(db: Db): SettingsRepo {
  const select = db.prepare("SELECT value FROM settings WHERE key = ?");
  const insert = db.prepare("INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)");
  return {
    getOrCreate(key, make) {
      insert.run(key, make());
      const row = parseRow("settings", valueRow, select.get(key));
      if (row === null) throw new Error(`setting ${key} missing right after insert`);
      return row.value;
    },
  };
}
