/** The media retention job on PostgreSQL (mediaRetentionContract.ts): two pools on one database, as two instances would have. */
import { describe } from "vitest";
import { createTestDatabase } from "../../scripts/pg/localPostgres";
import { openStore } from "../../src/server/store/open";
import { injectPgUrl } from "../pgGlobalSetup";
import { mediaRetentionContract } from "./mediaRetentionContract";

const serverUrl = injectPgUrl();

if (serverUrl === null) {
  describe.skip("media retention on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
} else {
  mediaRetentionContract({
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
