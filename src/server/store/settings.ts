/**
 * Service-wide values that must survive restarts and be shared by every process using the
 * same store (the cookie-signing key).
 */
import * as z from "zod";
import type { Sql } from "./sql";
import { parseRow } from "./json";

export interface SettingsRepo {
  /** The stored value, or `make()` stored and returned when absent (first writer wins). */
  getOrCreate(key: string, make: () => string): Promise<string>;
}

const valueRow = z.object({ value: z.string() });

export function createSettingsRepo(sql: Sql): SettingsRepo {
  return {
    async getOrCreate(key, make) {
      await sql.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [key, make()]);
      const row = parseRow("settings", valueRow, await sql.get("SELECT value FROM settings WHERE key = ?", [key]));
      if (row === null) throw new Error(`setting ${key} missing right after insert`);
      return row.value;
    },
  };
}
