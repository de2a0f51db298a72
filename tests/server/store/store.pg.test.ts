/** The store contract on PostgreSQL: two pools on one database of the test server, as two instances would have. */
import { describe } from "vitest";
import { injectPgUrl } from "../../pgGlobalSetup";
import { storeContract } from "./contract";
import { postgresEngine } from "./engines";

const serverUrl = injectPgUrl();

if (serverUrl === null) describe.skip("the store on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
else storeContract(postgresEngine(serverUrl));
