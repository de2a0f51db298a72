/** The recording fingerprints' repository on SQLite (fingerprintsContract.ts). */
import { sqliteEngine } from "../store/engines";
import { fingerprintsContract } from "./fingerprintsContract";

fingerprintsContract(sqliteEngine);
