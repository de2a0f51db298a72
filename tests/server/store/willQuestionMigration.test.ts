/** SQLite: an order written before migration 12 reads after it, its one question for every language. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { createStore } from "../../../src/server/store";
import { openDatabase } from "../../../src/server/store/database";
import { MIGRATIONS } from "../../../src/server/store/migrations";
import { expectOldWillOrderReadable, OLD_ROWS } from "./willQuestionMigration";

describe("SQLite migration 12 (will question by language)", () => {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-migration-12-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps a will order written before it readable, with its one question", async () => {
    const path = join(dir, "old.sqlite");
    const old = openDatabase(path, MIGRATIONS.filter((m) => m.version < 12));
    for (const statement of OLD_ROWS) old.exec(statement);
    old.close();
    const store = createStore(path);
    try {
      await expectOldWillOrderReadable(store);
    } finally {
      await store.close();
    }
  });
});
