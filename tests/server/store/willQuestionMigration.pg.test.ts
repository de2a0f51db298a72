/** PostgreSQL: an order written before migration 6 reads after it, its one question for every language. */
import pg from "pg";
import { describe, it } from "vitest";
import { createTestDatabase } from "../../../scripts/pg/localPostgres";
import { openStore } from "../../../src/server/store/open";
import { migratePostgres } from "../../../src/server/store/pg/migrate";
import { PG_MIGRATIONS } from "../../../src/server/store/pg/migrations";
import { injectPgUrl } from "../../pgGlobalSetup";
import { expectOldWillOrderReadable, OLD_ROWS } from "./willQuestionMigration";

const pgUrl = injectPgUrl();

describe.skipIf(pgUrl === null)("PostgreSQL migration 6 (will question by language)", () => {
  it("keeps a will order written before it readable, with its one question", async () => {
    const db = await createTestDatabase(pgUrl!);
    try {
      const pool = new pg.Pool({ connectionString: db.url, max: 1 });
      try {
        await migratePostgres(pool, PG_MIGRATIONS.filter((m) => m.version < 6));
        for (const statement of OLD_ROWS) await pool.query(statement);
      } finally {
        await pool.end();
      }
      const { store } = await openStore({ dbPath: ":unused:", databaseUrl: db.url });
      try {
        await expectOldWillOrderReadable(store);
      } finally {
        await store.close();
      }
    } finally {
      await db.drop();
    }
  });
});
