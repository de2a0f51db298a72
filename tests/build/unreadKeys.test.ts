/**
 * A key of a flow file that nothing reads fails `npm run validate` (scripts/unreadKeys.ts).
 */
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { schemaKeys, unreadFlowKeyProblems, unreadKeys } from "../../scripts/unreadKeys";

describe("flow-file keys nothing reads", () => {
  it("the schema's keys are found at any depth, through optional, array, record and union", () => {
    const schema = z.strictObject({
      $schema: z.optional(z.string()),
      limits: z.strictObject({ maxMs: z.number(), nested: z.optional(z.array(z.strictObject({ deep: z.string() }))) }),
      byName: z.record(z.string(), z.strictObject({ inRecord: z.boolean() })),
      either: z.union([z.strictObject({ left: z.string() }), z.strictObject({ right: z.string() })]),
    });
    expect([...schemaKeys(schema)].sort()).toEqual(["byName", "deep", "either", "inRecord", "left", "limits", "maxMs", "nested", "right"]);
  });

  it("a key is read when code names it as a word; a key no code names is reported, and a data key is not a name", () => {
    const code = "const ms = capture.limits.maxMs; color: var(--ff-textSecondary);";
    expect(unreadKeys(["limits", "maxMs", "textSecondary", "pageTime", "max", "1"], code)).toEqual(["pageTime", "max"]);
  });

  it("every key of the shipped flow files is read", () => {
    expect(unreadFlowKeyProblems()).toEqual([]);
  });
});
