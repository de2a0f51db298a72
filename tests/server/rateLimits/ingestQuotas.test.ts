/** The analytics quotas shared by two instances on one SQLite file. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStore } from "../../../src/server/store";
import { describeIngestQuotas } from "./ingestQuotasContract";

describeIngestQuotas("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-quotas-"));
  const instances = [createStore(join(dir, "faceflow.sqlite")), createStore(join(dir, "faceflow.sqlite"))] as const;
  return {
    instances: [...instances],
    async close() {
      await Promise.all(instances.map((store) => store.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
