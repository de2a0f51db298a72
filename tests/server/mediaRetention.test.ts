/**
 * The media retention job on the embedded store (its contract: mediaRetentionContract.ts), and
 * the FACEFLOW_MEDIA_RETENTION_DAYS setting. A process has one connection to its SQLite file:
 * the contract's "two instances" are two stores over it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mediaRetentionConfigOf } from "../../schemas/mediaRetention";
import { mediaRetentionFromEnv } from "../../src/server/media/retentionJob";
import { storeOn } from "../../src/server/store";
import { openDatabase } from "../../src/server/store/database";
import { createSqliteSql } from "../../src/server/store/sqliteSql";
import { mediaRetentionContract } from "./mediaRetentionContract";

mediaRetentionContract({
  name: "SQLite",
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-retention-db-"));
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

describe("FACEFLOW_MEDIA_RETENTION_DAYS", () => {
  it("is off when unset or empty, a number of days otherwise", () => {
    expect(mediaRetentionFromEnv({})).toBeNull();
    expect(mediaRetentionFromEnv({ FACEFLOW_MEDIA_RETENTION_DAYS: "" })).toBeNull();
    expect(mediaRetentionConfigOf({ FACEFLOW_MEDIA_RETENTION_DAYS: "30" })).toEqual({ days: 30, maintenance: { intervalMs: 3_600_000, batchOrders: 100 } });
  });

  it.each(["0", "-1", "thirty", "1.5", "36501"])("refuses %j, naming the variable", (value) => {
    expect(() => mediaRetentionFromEnv({ FACEFLOW_MEDIA_RETENTION_DAYS: value })).toThrow(/FACEFLOW_MEDIA_RETENTION_DAYS/);
  });
});
