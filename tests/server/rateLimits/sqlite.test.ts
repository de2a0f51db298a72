/**
 * The rate counters' contract on the embedded store: two Store instances on one SQLite file,
 * as two service processes on one machine share it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStore } from "../../../src/server/store";
import { describeRateCountersContract } from "./contract";

describeRateCountersContract("SQLite", {
  async open() {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-rate-counters-"));
    const path = join(dir, "faceflow.sqlite");
    const instances = [createStore(path), createStore(path)] as const;
    return {
      instances: [...instances],
      async close() {
        await Promise.all(instances.map((store) => store.close()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});
