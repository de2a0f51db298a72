/**
 * The partner's table of checks and codes is made from the registry, never kept by hand: the
 * table in packages/README.md is what scripts/checks/checksTable.ts makes now, and
 * every registered check (with every code it declares) has its row.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checksTable, PARTNER_README, withTable } from "../../../scripts/checks/checksTable";
import { createServerCheckRegistry, mergeChecks, SERVER_CHECKS } from "../../../src/server/verify/checks/registry";
import { judged, type ServerCheck } from "../../../src/server/verify/checks/serverCheck";
import { pass } from "../../../src/server/media/checkOutcome";

describe("the partner's table of checks", () => {
  it("is the one the registry makes (run `npx tsx scripts/checks/checksTable.ts --write` after changing a check)", () => {
    const readme = readFileSync(PARTNER_README, "utf8");
    expect(withTable(readme, checksTable())).toBe(readme);
  });

  it("has a row for every registered check, with each code it declares", () => {
    const table = checksTable();
    for (const name of createServerCheckRegistry().names()) {
      const check = SERVER_CHECKS[name] as ServerCheck;
      const row = table.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      for (const code of check.codes) expect(row).toContain(`\`${code}\``);
    }
  });

  it("a new check gets its row from its own facts", () => {
    const extra: ServerCheck = { group: "none", needs: [], passes: "the sky is blue", codes: ["1999" as never], run: () => judged(pass("sky", "blue")) };
    const table = checksTable(createServerCheckRegistry(mergeChecks(SERVER_CHECKS, { sky: extra })));
    expect(table).toContain("| `sky` | the sky is blue | `1999` |");
  });
});
