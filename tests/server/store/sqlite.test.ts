/**
 * The store contract on the embedded engine. A process has one connection to its SQLite file,
 * shared by every request; the "two instances" of the contract are two stores over it. (Two
 * connections in one process would deadlock: one's IMMEDIATE transaction waits synchronously
 * for the lock the other holds across an await.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storeOn } from "../../../src/server/store";
import { openDatabase } from "../../../src/server/store/database";
import { createSqliteSql } from "../../../src/server/store/sqliteSql";
import { storeContract } from "./contract";

storeContract({
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
});
