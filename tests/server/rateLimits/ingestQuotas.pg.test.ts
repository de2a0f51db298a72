/** The analytics quotas shared by two instances (two pools) on one PostgreSQL database. */
import { describe } from "vitest";
import { injectPgUrl } from "../../pgGlobalSetup";
import { describeIngestQuotas } from "./ingestQuotasContract";
import { openPgInstances } from "./pgInstances";

const serverUrl = injectPgUrl();

if (serverUrl === null) {
  describe.skip("ingest quotas on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
} else {
  describeIngestQuotas("PostgreSQL", () => openPgInstances(serverUrl));
}
