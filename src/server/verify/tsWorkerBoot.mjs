// Boots a verification worker thread from the TypeScript sources (tests, `tsx` runs): the
// thread registers tsx's loader itself, then imports the entry the pool named. The built
// service runs dist/server/verifyWorker.mjs instead and never loads this file.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
