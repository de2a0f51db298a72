/** Two service instances sharing one SQLite file (one directory) count one login limit together. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService } from "../harness";
import { describeTwoInstances } from "./twoInstances";

const dir = mkdtempSync(join(tmpdir(), "faceflow-two-instances-"));

describeTwoInstances(
  "SQLite",
  (options) => startService(options, { dir }),
  async () => rmSync(dir, { recursive: true, force: true }),
);
