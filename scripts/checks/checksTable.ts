/**
 * The partner-facing table of server checks and their codes (packages/README.md),
 * made from the registry: each check's own `passes` and `codes`, in the order of the longest
 * list of flows/checks.json, then `replay`, which the service judges when it records a verdict
 * (src/server/verify/fingerprint/). `npx tsx scripts/checks/checksTable.ts --write` rewrites
 * the table between its markers; tests/server/verify/checksTable.test.ts fails when it is stale.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { checksFileSchema } from "../../schemas/checks";
import { VERIFY_CODES } from "../../src/server/media/verifyCodes";
import { createServerCheckRegistry, type CheckRegistry } from "../../src/server/verify/checks/registry";
import { readFlowJson } from "../flowFiles";

export const PARTNER_README = "packages/README.md";
const BEGIN = "<!-- checks table: made by scripts/checks/checksTable.ts -->";
const END = "<!-- end of checks table -->";

/** The replay check is not a registered check (it needs the store): its facts live here, beside the table. */
const REPLAY_ROW = { name: "replay", passes: "the recording's perceptual fingerprint (frame hashes, the sound's band energies, the mouth on every frame) matches no other judged recording kept within the media retention window (the same bytes, a re-encode, or the same frames and mouth under another voice); looked up unless the face followed this attempt's own light with a correlation of 0.8 or more", codes: [VERIFY_CODES.replayedMedia] };

/** Every check in the order an attempt meets them: the union of the lists, longest first. */
function orderedNames(registry: CheckRegistry): string[] {
  const file = checksFileSchema.parse(readFlowJson("flows/checks.json"));
  const lists = [...Object.values(file.live), ...Object.values(file.will)].sort((a, b) => b.length - a.length);
  const names: string[] = [];
  for (const list of lists) for (const name of list) if (!names.includes(name)) names.push(name);
  for (const name of registry.names()) if (!names.includes(name)) names.push(name);
  return names;
}

export function checksTable(registry: CheckRegistry = createServerCheckRegistry()): string {
  const rows = orderedNames(registry).map((name) => {
    const check = registry.get(name);
    return { name, passes: check.passes, codes: check.codes };
  });
  rows.push(REPLAY_ROW);
  const lines = ["| check | passes when | fails with |", "|---|---|---|", ...rows.map((r) => `| \`${r.name}\` | ${r.passes} | ${r.codes.map((c) => `\`${c}\``).join(", ")} |`)];
  return [BEGIN, ...lines, END].join("\n");
}

/** The README with its table replaced by `table`; throws when the markers are missing. */
export function withTable(readme: string, table: string): string {
  const from = readme.indexOf(BEGIN);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${PARTNER_README}: the checks table's markers are missing`);
  return readme.slice(0, from) + table + readme.slice(to + END.length);
}

if (process.argv.includes("--write")) {
  const readme = readFileSync(PARTNER_README, "utf8");
  writeFileSync(PARTNER_README, withTable(readme, checksTable()));
  console.log(`${PARTNER_README}: checks table written`);
}
