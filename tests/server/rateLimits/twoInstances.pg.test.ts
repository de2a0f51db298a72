/** Two service instances on one PostgreSQL database (two pools) count one login limit together. */
import { describe } from "vitest";
import { createTestDatabase } from "../../../scripts/pg/localPostgres";
import { injectPgUrl } from "../../pgGlobalSetup";
import { startService } from "../harness";
import { describeTwoInstances } from "./twoInstances";

const serverUrl = injectPgUrl();

if (serverUrl === null) {
  describe.skip("two instances on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
} else {
  const db = await createTestDatabase(serverUrl);
  describeTwoInstances("PostgreSQL", (options) => startService({ ...options, databaseUrl: db.url }), () => db.drop());
}
