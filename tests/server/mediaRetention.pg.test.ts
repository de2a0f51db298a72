/** The media retention job on PostgreSQL (mediaRetentionContract.ts): two pools on one database, as two instances would have. */
import { describe } from "vitest";
import { injectPgUrl } from "../pgGlobalSetup";
import { mediaRetentionContract } from "./mediaRetentionContract";
import { postgresEngine } from "./store/engines";

const serverUrl = injectPgUrl();

if (serverUrl === null) describe.skip("media retention on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
else mediaRetentionContract(postgresEngine(serverUrl));
