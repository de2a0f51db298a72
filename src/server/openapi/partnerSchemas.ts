/**
 * The partner contract's JSON Schemas (draft 2020-12, OpenAPI 3.1's dialect), made by zod from
 * the very schemas the service parses and answers with (schemas/api.ts, schemas/webhookEvent.ts),
 * for `components.schemas` of the partner API's OpenAPI document. Request bodies are described
 * as they are sent (zod's input side), answers and events as the service makes them (output).
 */
import * as z from "zod";
import {
  apiErrorSchema,
  createOrderRequestSchema,
  launchResponseSchema,
  orderViewSchema,
  relaunchRequestSchema,
  returnPayloadSchema,
} from "../../../schemas/api";
import { webhookEventSchema } from "../../../schemas/webhookEvent";

/** The components' names, as `$ref`s name them. */
export const PARTNER_SCHEMA_NAMES = {
  createOrderRequest: "CreateOrderRequest",
  relaunchRequest: "RelaunchRequest",
  launchResponse: "LaunchResponse",
  orderView: "OrderView",
  returnPayload: "ReturnPayload",
  apiError: "ApiError",
  webhookEvent: "WebhookEvent",
} as const;

type JsonSchema = Record<string, unknown>;

export const schemaRef = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

function componentsOf(entries: [string, z.core.$ZodType][], io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of entries) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    uri: (id) => schemaRef(id).$ref,
    // A transform or a custom type must be written in the document, not silently left open.
    unrepresentable: "throw",
    override: ({ zodSchema, jsonSchema }) => {
      // zod closes every object of an answer; the service's answers are open objects (z.object,
      // not strictObject) that the kits parse leniently, so that a field added to the service
      // later is no breach of this document for clients made from it.
      const def = zodSchema._zod.def;
      if (def.type === "object" && (def as { catchall?: unknown }).catchall === undefined) delete jsonSchema.additionalProperties;
    },
  });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // Each is a component of the document, not a document of its own.
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    out[id] = rest;
  }
  return out;
}

/** Every component schema of the partner API's document. */
export function partnerComponentSchemas(): Record<string, JsonSchema> {
  const n = PARTNER_SCHEMA_NAMES;
  return {
    ...componentsOf([[n.createOrderRequest, createOrderRequestSchema], [n.relaunchRequest, relaunchRequestSchema]], "input"),
    ...componentsOf(
      [[n.launchResponse, launchResponseSchema], [n.orderView, orderViewSchema], [n.returnPayload, returnPayloadSchema], [n.apiError, apiErrorSchema], [n.webhookEvent, webhookEventSchema]],
      "output",
    ),
  };
}

/** The JSON Schema of one field (a path or header parameter), inline. */
export function inlineSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as JsonSchema;
  return rest;
}
