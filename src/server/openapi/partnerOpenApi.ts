/**
 * The partner API as an OpenAPI 3.1 document: the `/partner/v1` routes (routes/partner.ts,
 * routes/partnerOpenApi.ts), their request signature as security schemes, and the webhook event
 * the service posts (schemas/webhookEvent.ts) under `webhooks`, with its signature header. The
 * bodies' schemas are made from the service's own zod schemas (partnerSchemas.ts), so the
 * document says what the service parses and sends. Served at GET /partner/v1/openapi.json and
 * committed as docs/openapi.json (`npx tsx scripts/openapi.ts --write`); tests/server/openapi.test.ts
 * checks the copy, validates the document, and matches it with the routes the app registers.
 */
import { PARTNER_HEADERS, PARTNER_TIMESTAMP_WINDOW_SEC, WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SEC } from "@faceflow/partner";
import { version as kitVersion } from "@faceflow/partner/package.json";
import { API_ERROR_CODES } from "../../../schemas/api";
import { WEBHOOK_EVENT_TYPES } from "../../../schemas/webhookEvent";
import { partnerOrderParamsSchema } from "../routes/partner";
import { inlineSchema, PARTNER_SCHEMA_NAMES as N, partnerComponentSchemas, schemaRef } from "./partnerSchemas";

export const PARTNER_OPENAPI_PATH = "/partner/v1/openapi.json";

type Json = Record<string, unknown>;

const codes = (...list: string[]) => list.map((c) => `\`${c}\``).join(", ");
const AUTH_CODES = codes(API_ERROR_CODES.authMissing, API_ERROR_CODES.authAppUnknown, API_ERROR_CODES.authStale, API_ERROR_CODES.authSignature, API_ERROR_CODES.authReplay);

const json = (schema: Json) => ({ "application/json": { schema } });
const answer = (description: string, name: string) => ({ description, content: json(schemaRef(name)) });
const refusal = (description: string) => answer(description, N.apiError);

/** The refusals every signed call may get. */
const signedRefusals = {
  "401": refusal(`The request's signature headers are missing or wrong: ${AUTH_CODES}.`),
  "429": refusal(`Too many requests from this app and address: ${codes(API_ERROR_CODES.rateLimited)}.`),
};

const orderNoParameter = {
  name: "orderNo",
  in: "path",
  required: true,
  description: "The order's number, as order creation answered it. Another app's order reads as not found.",
  schema: inlineSchema(partnerOrderParamsSchema.shape.orderNo),
};

const paths: Json = {
  "/partner/v1/orders": {
    post: {
      operationId: "createOrder",
      summary: "Create a verification order",
      description: "Creates an order and answers its single-use, signed launch URL: send the user there. The order's result comes back on `returnUrl` (the return payload), from `getOrder`, and in a `verification.completed` webhook.",
      requestBody: { required: true, content: json(schemaRef(N.createOrderRequest)) },
      responses: {
        "201": answer("The order, and the launch URL to send the user to.", N.launchResponse),
        "400": refusal(`The body is not an order (${codes(API_ERROR_CODES.badRequest)}), names a language the service does not list (${codes(API_ERROR_CODES.langUnknown)}), a return URL whose origin the app may not use (${codes(API_ERROR_CODES.returnUrlNotAllowed)}), or a reference photo that is no JPEG or PNG of the allowed size (${codes(API_ERROR_CODES.referencePhotoInvalid)}).`),
        ...signedRefusals,
        "413": refusal(`The body is over the size limit: ${codes(API_ERROR_CODES.payloadTooLarge)}.`),
      },
    },
  },
  "/partner/v1/orders/{orderNo}": {
    get: {
      operationId: "getOrder",
      summary: "Read an order",
      description: "The order's state, options, signed result (once finished) and every attempt with the checks the service made.",
      parameters: [orderNoParameter],
      responses: {
        "200": answer("The order as its partner sees it.", N.orderView),
        "400": refusal(`The order number is malformed: ${codes(API_ERROR_CODES.badRequest)}.`),
        ...signedRefusals,
        "404": refusal(`No order of this app has that number: ${codes(API_ERROR_CODES.orderNotFound)}.`),
      },
    },
  },
  "/partner/v1/orders/{orderNo}/launches": {
    post: {
      operationId: "relaunch",
      summary: "A fresh launch URL for an unfinished order",
      description: "For an order whose launch URL expired or was used in a browser the user no longer has.",
      parameters: [orderNoParameter],
      requestBody: { required: false, content: json(schemaRef(N.relaunchRequest)) },
      responses: {
        "201": answer("The new launch URL.", N.launchResponse),
        "400": refusal(`The body or the order number is malformed: ${codes(API_ERROR_CODES.badRequest)}.`),
        ...signedRefusals,
        "404": refusal(`No order of this app has that number: ${codes(API_ERROR_CODES.orderNotFound)}.`),
        "409": refusal(`The order is finished, or its media expired: ${codes(API_ERROR_CODES.orderFinished)}. Create a new order.`),
      },
    },
  },
  [PARTNER_OPENAPI_PATH]: {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This document",
      description: "Unsigned, and cacheable by anyone (it is the same for every caller).",
      security: [],
      responses: {
        "200": { description: "The partner API's OpenAPI 3.1 document.", content: json({ type: "object" }) },
        "304": { description: "Not changed since the `ETag` given in `If-None-Match`." },
      },
    },
  },
};

/** "faceflow-signature" as HTTP writes it: Faceflow-Signature. */
const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

const webhooks: Json = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [
    type,
    {
      post: {
        operationId: `webhook.${type}`,
        summary: "An order reached its final verdict",
        description: `Posted to the app's \`webhookUrl\` once an order has its final verdict (passed, or failed with its attempts used up), at least once: process each event \`id\` once. Verify \`${headerName(WEBHOOK_HEADERS.signature)}\` over the raw body before parsing it.`,
        security: [],
        parameters: [
          {
            name: headerName(WEBHOOK_HEADERS.signature),
            in: "header",
            required: true,
            description: `\`t=<send time, Unix seconds>,v1=<hex HMAC-SHA256 with the app's secret of "<t>.<raw body>">\`. Compare v1 with each secret you hold (during a rotation, the new one and the one being retired: events are signed with the current secret only), in constant time, and refuse a \`t\` more than ${WEBHOOK_TOLERANCE_SEC} s from your clock either way, so that a captured request cannot be replayed later.`,
            schema: { type: "string", pattern: "^t=\\d{1,12},v1=[0-9a-f]{64}$" },
          },
          {
            name: headerName(WEBHOOK_HEADERS.eventId),
            in: "header",
            required: true,
            description: "The event's `id`, the same on every delivery of this event.",
            schema: { type: "string", pattern: "^evt_[0-9a-f]{32}$" },
          },
          {
            name: headerName(WEBHOOK_HEADERS.eventType),
            in: "header",
            required: true,
            description: "The event's `type`.",
            schema: { type: "string", enum: [type] },
          },
        ],
        requestBody: { required: true, content: json(schemaRef(N.webhookEvent)) },
        responses: {
          "2XX": { description: "Delivered: the service sends this event no more." },
          default: { description: "Not delivered (so also a redirect, or no answer in time): the service sends the event again later, with growing delays for more than a day, then keeps it as failed for its staff to send again." },
        },
      },
    },
  ]),
);

const signatureText = `"faceflow-partner-v1\\n" + METHOD + "\\n" + path with its query, as sent + "\\n" + timestamp + "\\n" + nonce + "\\n" + raw body ("" without one)`;

const securitySchemes: Json = {
  appId: { type: "apiKey", in: "header", name: PARTNER_HEADERS.appId, description: "The app id." },
  timestamp: { type: "apiKey", in: "header", name: PARTNER_HEADERS.timestamp, description: `Unix time in seconds; refused (\`${API_ERROR_CODES.authStale}\`) when more than ${PARTNER_TIMESTAMP_WINDOW_SEC} s from the service's clock.` },
  nonce: { type: "apiKey", in: "header", name: PARTNER_HEADERS.nonce, description: `16-64 characters of [A-Za-z0-9_-], never used twice by the app within the timestamp window (\`${API_ERROR_CODES.authReplay}\`).` },
  signature: { type: "apiKey", in: "header", name: PARTNER_HEADERS.signature, description: `Lowercase hex HMAC-SHA256, with the app's secret, of ${signatureText}.` },
};

/** The partner API's OpenAPI 3.1 document; the same for every caller and every start (a copy of its own each call). */
export function partnerOpenApiDocument(): Json {
  return structuredClone({
    openapi: "3.1.0",
    info: {
      title: "faceflow partner API",
      // The partner kit's version: a kit and a document of one version carry one contract.
      version: kitVersion,
      summary: "Create face and liveness verification orders, read their results, receive their webhooks.",
      description: "Every call is signed with the app's secret in four headers (the security schemes below, all four on every call). Every refusal is `{ code, message }` with its HTTP status. The integration guide: packages/README.md in the faceflow repository.",
      license: { name: "MIT", identifier: "MIT" },
    },
    security: [{ appId: [], timestamp: [], nonce: [], signature: [] }],
    paths,
    webhooks,
    components: { schemas: partnerComponentSchemas(), securitySchemes },
  });
}

/** The document as served and committed: two-space JSON and a final newline. */
export function partnerOpenApiText(): string {
  return `${JSON.stringify(partnerOpenApiDocument(), null, 2)}\n`;
}
