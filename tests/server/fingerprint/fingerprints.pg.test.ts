/** The recording fingerprints' repository on PostgreSQL (fingerprintsContract.ts). */
import { describe } from "vitest";
import { injectPgUrl } from "../../pgGlobalSetup";
import { postgresEngine } from "../store/engines";
import { fingerprintsContract } from "./fingerprintsContract";

const serverUrl = injectPgUrl();

if (serverUrl === null) describe.skip("recording fingerprints on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
else fingerprintsContract(postgresEngine(serverUrl));
