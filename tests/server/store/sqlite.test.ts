/** The store contract on the embedded engine (engines.ts says what its "two instances" are). */
import { storeContract } from "./contract";
import { sqliteEngine } from "./engines";

storeContract(sqliteEngine);
