/**
 * Two stores on one new database of the PostgreSQL test server, each with its own pool: what
 * two service instances sharing the database have. Opened the way the service does (pg/migrate.ts
 * brings the schema up to date, then storeOn over the pool).
 */
import { createTestDatabase } from "../../../scripts/pg/localPostgres";
import { storeOn } from "../../../src/server/store";
import { migratePostgres } from "../../../src/server/store/pg/migrate";
import { createPgSql } from "../../../src/server/store/pgSql";
import type { SharedDatabase } from "./contract";

export async function openPgInstances(serverUrl: string): Promise<SharedDatabase> {
  const db = await createTestDatabase(serverUrl);
  const pools = [createPgSql({ connectionString: db.url, applicationName: "faceflow-a" }), createPgSql({ connectionString: db.url, applicationName: "faceflow-b" })] as const;
  await migratePostgres(pools[0].pool);
  return {
    instances: [storeOn(pools[0]), storeOn(pools[1])],
    async close() {
      await Promise.all(pools.map((sql) => sql.close()));
      await db.drop();
    },
  };
}
