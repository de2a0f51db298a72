/** The store contract on PostgreSQL: two pools on one database of the test server, as two instances would have. */
import { describe } from "vitest";
import { createTestDatabase } from "../../../scripts/pg/localPostgres";
import { openStore } from "../../../src/server/store/open";
import { injectPgUrl } from "../../pgGlobalSetup";
import { storeContract } from "./contract";

const serverUrl = injectPgUrl();

if (serverUrl === null) {
  describe.skip("the store on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
} else {
  storeContract({
    name: "PostgreSQL",
    async fresh() {
      const db = await createTestDatabase(serverUrl);
      return {
        open: async () => (await openStore({ dbPath: ":unused:", databaseUrl: db.url })).store,
        drop: () => db.drop(),
      };
    },
  });
}
