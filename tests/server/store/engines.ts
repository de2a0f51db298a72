/**
 * The store engines a contract runs on, each giving a fresh migrated database per case and,
 * through `open`, another handle (instance) on it: SQLite, whose "instances" are stores over
 * the one connection a process has (two connections in one process would deadlock: one's
 * IMMEDIATE transaction waits synchronously for the lock the other holds across an await),
 * and PostgreSQL, a database of the test server with a pool per handle.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "../../../scripts/pg/localPostgres";
import { storeOn, type Store } from "../../../src/server/store";
import { openDatabase } from "../../../src/server/store/database";
import { openStore } from "../../../src/server/store/open";
import { createSqliteSql } from "../../../src/server/store/sqliteSql";
import type { OrderRecord } from "../../../src/server/store/orders";

export interface StoreEngine {
  name: string;
  /** A fresh, empty, migrated database for one case; `open` gives another handle (instance) on it. */
  fresh(): Promise<{ open(): Promise<Store>; drop(): Promise<void> }>;
}

export const sqliteEngine: StoreEngine = {
  name: "SQLite",
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-store-"));
    const sql = createSqliteSql(openDatabase(join(dir, "store.sqlite")));
    return {
      // Closing a view closes nothing: the connection is the process's, closed by drop.
      open: async () => ({ ...storeOn(sql), close: async () => undefined }),
      drop: async () => {
        await sql.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** PostgreSQL on the run's test server (tests/pgGlobalSetup.ts); each case its own database. */
export function postgresEngine(serverUrl: string): StoreEngine {
  return {
    name: "PostgreSQL",
    async fresh() {
      const db = await createTestDatabase(serverUrl);
      return {
        open: async () => (await openStore({ dbPath: ":unused:", databaseUrl: db.url })).store,
        drop: () => db.drop(),
      };
    },
  };
}

/** An order as the repositories store it: one of app `appId`, in progress, with what a test changes. */
export function orderRecord(orderNo: string, appId: string, overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    orderNo,
    appId,
    h5FaceId: `face-${orderNo}`,
    userId: "user-1",
    liveType: "3",
    requestedLiveType: "3",
    actions: [],
    will: null,
    theme: "",
    returnUrl: "https://partner.example/back",
    launchOptions: {},
    maxAttempts: 3,
    guidance: true,
    referencePhoto: null,
    requireSpeech: false,
    state: "in_progress",
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    finishedAt: null,
    mediaPurgedAt: null,
    ...overrides,
  };
}
