/**
 * The partner API's OpenAPI document (src/server/openapi/partnerOpenApi.ts): the committed copy is
 * current, a maintained OpenAPI validator accepts it as 3.1, the service serves it unsigned and
 * cacheable, and it lists exactly the /partner/v1 routes the running app has registered.
 */
import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_FILE } from "../../scripts/openapi";
import { partnerOpenApiDocument, partnerOpenApiText } from "../../src/server/openapi/partnerOpenApi";
import { startService, type Service } from "./harness";

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/**
 * Every route of the app as "METHOD /path", read from fastify's own route tree
 * (`printRoutes({ commonPrefix: false })`: one node a line, indented four characters a level,
 * each node's path continuing its parent's, its methods in parentheses).
 */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (node === null) continue;
    const depth = (node[1] ?? "").length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + (node[2] ?? "");
    stack.push(path);
    for (const method of (node[3] ?? "").split(", ").filter(Boolean)) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The document's operations as "METHOD /path", its {param} written as fastify's :param. */
function documentedRoutes(document: Json): string[] {
  const routes: string[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of Object.keys(item).filter((k) => METHODS.includes(k))) routes.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
  }
  return routes;
}

describe("the partner API's OpenAPI document", () => {
  it("is committed as the service makes it (npx tsx scripts/openapi.ts --write)", () => {
    expect(readFileSync(OPENAPI_FILE, "utf8")).toBe(partnerOpenApiText());
  });

  it("is valid OpenAPI 3.1, its references resolving, by @seriousme/openapi-schema-validator", async () => {
    const validator = new Validator();
    expect(await validator.validate(partnerOpenApiDocument())).toEqual({ valid: true });
    expect(validator.version).toBe("3.1");
    // The validator does refuse: an answer without its description, a reference to nothing.
    const broken = partnerOpenApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, Json> }>>; components: { schemas: Record<string, Json> } };
    delete broken.paths["/partner/v1/orders"]!.post!.responses["201"]!.description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
    const dangling = partnerOpenApiDocument() as { components: { schemas: Record<string, Json> } };
    delete dangling.components.schemas.ReturnPayload;
    expect(await new Validator().validate(dangling)).toMatchObject({ valid: false, errors: expect.stringContaining("ReturnPayload") });
  });

  it("describes the webhook event and its signature header", () => {
    const event = (partnerOpenApiDocument().webhooks as Record<string, { post: { parameters: { name: string; in: string; required: boolean; schema: { pattern?: string } }[] } }>)["verification.completed"];
    const signature = event?.post.parameters.find((p) => p.name === "Faceflow-Signature");
    expect(signature).toMatchObject({ in: "header", required: true });
    expect(new RegExp(signature?.schema.pattern ?? "^$").test(`t=1900000000,v1=${"a".repeat(64)}`)).toBe(true);
  });

  it("names in each path's parameters exactly the placeholders of its template", () => {
    for (const [path, item] of Object.entries(partnerOpenApiDocument().paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>)) {
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const operation of Object.values(item)) {
        expect((operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name), path).toEqual(placeholders);
      }
    }
  });

  it("is served unsigned and cacheable at GET /partner/v1/openapi.json, 304 to a client that has it", async () => {
    const res = await fetch(`${service.baseUrl}/partner/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.text()).toBe(partnerOpenApiText());
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
    const again = await fetch(`${service.baseUrl}/partner/v1/openapi.json`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await fetch(`${service.baseUrl}/partner/v1/openapi.json`, { headers: { "if-none-match": 'W/"other"' } })).status).toBe(200);
  });

  it("lists every /partner/v1 route the running service registered, and no other", () => {
    const tree = service.app.printRoutes({ commonPrefix: false });
    const all = registeredRoutes(tree);
    // The reading of the tree itself: routes elsewhere and nested ones are found.
    expect(all).toEqual(expect.arrayContaining(["GET /healthz", "POST /api/v1/upload/wx", "GET /partner/v1/orders/:orderNo"]));
    // HEAD is fastify's own twin of every GET (exposeHeadRoutes), not a route of the API.
    const partnerRoutes = all.filter((r) => / \/partner\/v1\//.test(r) && !r.startsWith("HEAD ")).sort();
    expect(documentedRoutes(partnerOpenApiDocument()).sort()).toEqual(partnerRoutes);
    expect(partnerRoutes.length).toBeGreaterThanOrEqual(4);
  });
});
