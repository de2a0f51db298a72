/**
 * The partner kit (packages/partner-node) carries its own copy of the partner contract, because
 * it may import nothing of the service (it is installed apart from it). That copy must never
 * drift from the schemas the service parses with and docs/openapi.json is made from: each of
 * the kit's schemas is compared with the service's whole definition (schemaShape.ts), so a
 * change on one side fails here until the other side follows.
 */
import * as kit from "@faceflow/partner";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  apiErrorSchema,
  createOrderRequestSchema,
  launchResponseSchema,
  orderViewSchema,
  partnerLaunchOptionsSchema,
  relaunchRequestSchema,
  RETURN_PAYLOAD_KEYS,
  returnPayloadSchema,
  willQuestionSchema,
} from "../../schemas/api";
import { WEBHOOK_EVENT_TYPES, webhookEventSchema } from "../../schemas/webhookEvent";
import { schemaShape } from "./schemaShape";

const pairs: [string, z.ZodMiniType, z.ZodMiniType][] = [
  ["createOrderRequestSchema", kit.createOrderRequestSchema, createOrderRequestSchema],
  ["relaunchRequestSchema", kit.relaunchRequestSchema, relaunchRequestSchema],
  ["launchResponseSchema", kit.launchResponseSchema, launchResponseSchema],
  ["orderViewSchema", kit.orderViewSchema, orderViewSchema],
  ["returnPayloadSchema", kit.returnPayloadSchema, returnPayloadSchema],
  ["apiErrorSchema", kit.apiErrorSchema, apiErrorSchema],
  ["webhookEventSchema", kit.webhookEventSchema, webhookEventSchema],
  ["partnerLaunchOptionsSchema", kit.partnerLaunchOptionsSchema, partnerLaunchOptionsSchema],
  ["willQuestionSchema", kit.willQuestionSchema, willQuestionSchema],
];

describe("the partner kit's contract", () => {
  it.each(pairs)("%s is the service's, field for field and check for check", (_name, copy, service) => {
    expect(schemaShape(copy)).toEqual(schemaShape(service));
  });

  it("lists the same return payload fields and webhook event types", () => {
    expect(kit.RETURN_PAYLOAD_KEYS).toEqual(RETURN_PAYLOAD_KEYS);
    expect(kit.WEBHOOK_EVENT_TYPES).toEqual(WEBHOOK_EVENT_TYPES);
  });

  it("cuts popup_context where the service does (a transform's constant is not in its source text)", () => {
    const order = { userId: "u1", liveType: "3", returnUrl: "https://shop.example/done", launch: { popup_context: "字".repeat(100) } };
    const mine = z.parse(kit.createOrderRequestSchema, order).launch?.popup_context;
    expect(mine).toHaveLength(70);
    expect(mine).toBe(z.parse(createOrderRequestSchema, order).launch?.popup_context);
  });
});

describe("schemaShape", () => {
  // What the comparison above rests on: schemas differing in any one of these are told apart.
  const base = () => z.object({ a: z.string().check(z.maxLength(3), z.regex(/^x/)), b: z.optional(z.int()), c: z.enum(["p", "q"]) });
  const variants: [string, z.ZodMiniType][] = [
    ["a bound", z.object({ a: z.string().check(z.maxLength(4), z.regex(/^x/)), b: z.optional(z.int()), c: z.enum(["p", "q"]) })],
    ["a pattern", z.object({ a: z.string().check(z.maxLength(3), z.regex(/^y/)), b: z.optional(z.int()), c: z.enum(["p", "q"]) })],
    ["optionality", z.object({ a: z.string().check(z.maxLength(3), z.regex(/^x/)), b: z.int(), c: z.enum(["p", "q"]) })],
    ["nullability", z.object({ a: z.string().check(z.maxLength(3), z.regex(/^x/)), b: z.optional(z.nullable(z.int())), c: z.enum(["p", "q"]) })],
    ["an enum value", z.object({ a: z.string().check(z.maxLength(3), z.regex(/^x/)), b: z.optional(z.int()), c: z.enum(["p", "r"]) })],
    ["a number type", z.object({ a: z.string().check(z.maxLength(3), z.regex(/^x/)), b: z.optional(z.number()), c: z.enum(["p", "q"]) })],
    ["a field more", z.object({ a: z.string().check(z.maxLength(3), z.regex(/^x/)), b: z.optional(z.int()), c: z.enum(["p", "q"]), d: z.optional(z.string()) })],
    ["strictness", z.strictObject({ a: z.string().check(z.maxLength(3), z.regex(/^x/)), b: z.optional(z.int()), c: z.enum(["p", "q"]) })],
    ["a refinement", base().check(z.refine((o) => o.a !== "x"))],
  ];

  it("is the same for schemas written alike, fields in any order", () => {
    const reordered = z.object({ c: z.enum(["p", "q"]), b: z.optional(z.int()), a: z.string().check(z.maxLength(3), z.regex(/^x/)) });
    expect(schemaShape(reordered)).toEqual(schemaShape(base()));
  });

  it.each(variants)("differs by %s", (_what, variant) => {
    expect(schemaShape(variant)).not.toEqual(schemaShape(base()));
  });

  it("differs by a refinement's code", () => {
    const refined = (limit: number) => (limit === 1 ? base().check(z.refine((o) => o.a.length > 1)) : base().check(z.refine((o) => o.a.length > 2)));
    expect(schemaShape(refined(1))).not.toEqual(schemaShape(refined(2)));
  });
});
