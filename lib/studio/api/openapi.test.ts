import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pageQuery, resource, uuid } from "./endpoint";
import { ENDPOINTS } from "./index";
import { openApiDocument } from "./openapi";

type Json = Record<string, unknown>;

// A small resource that uses every part a declaration may have.
const node: z.ZodType<{ name: string; children: unknown[] }> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(node) }),
);
const sample = resource("samples", {
  list: {
    method: "GET",
    path: "/api/samples",
    summary: "Samples, newest first.",
    access: "view",
    query: z.object({ ...pageQuery(20, 50), q: z.string().optional() }),
    response: z.object({ items: z.array(z.object({ id: z.string() })), nextCursor: z.string().nullable() }),
  },
  update: {
    method: "PATCH",
    path: "/api/samples/{id}",
    summary: "Renames a sample.",
    access: "organize",
    params: z.object({ id: uuid() }),
    body: z.object({ name: z.string().min(1), tree: node.optional() }),
    response: z.object({ id: z.string(), at: z.date().transform((d) => d.toISOString()) }),
    errors: ["itemNotFound"],
  },
  media: {
    method: "GET",
    path: "/api/samples/{key}",
    summary: "A sample's bytes.",
    access: "public",
    produces: "image/png",
  },
  remove: {
    method: "DELETE",
    path: "/api/samples/{id}",
    summary: "Deletes a sample.",
    access: "manage",
    tokens: false,
    params: z.object({ id: uuid() }),
    status: 204,
  },
});
const SAMPLES = Object.values(sample);

function op(doc: ReturnType<typeof openApiDocument>, path: string, method: string): Json {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
}

async function expectValid(doc: unknown): Promise<void> {
  const result = await validate(structuredClone(doc) as never);
  expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
}

describe("the studio API's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document for every declared endpoint", async () => {
    const doc = openApiDocument(ENDPOINTS, { version: "1.2.3" });
    expect(doc.openapi).toBe("3.1.0");
    await expectValid(doc);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.map((o) => o.operationId).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  it("is valid with every kind of part: query, path, body, recursive types, media, no content", async () => {
    await expectValid(openApiDocument(SAMPLES));
  });

  it("describes each operation from its declaration", () => {
    const doc = openApiDocument(SAMPLES);
    const list = op(doc, "/api/samples", "get");
    expect(list).toMatchObject({
      operationId: "samples.list",
      tags: ["samples"],
      summary: "Samples, newest first.",
    });
    const params = list.parameters as Json[];
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ["cursor", "query", false],
      ["limit", "query", false],
      ["q", "query", false],
    ]);
    expect(params[1]?.schema).toMatchObject({ maximum: 50, default: 20 });
    // A cursor, or an empty one meaning none, reads as one string.
    expect(params[0]?.schema).toEqual({ type: "string" });
    expect(list.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(list.responses).toHaveProperty([
      "200",
      "content",
      "application/json",
      "schema",
      "properties",
      "data",
    ]);

    const update = op(doc, "/api/samples/{id}", "patch");
    expect((update.parameters as Json[])[0]).toMatchObject({ name: "id", in: "path", required: true });
    expect(update.requestBody).toMatchObject({
      required: true,
      content: { "application/json": { schema: { required: ["name"] } } },
    });
    // The body's recursive type is a component, referenced from the document's root.
    expect(JSON.stringify(update.requestBody)).toContain("#/components/schemas/");
    expect(JSON.stringify(update.requestBody)).not.toContain("#/$defs/");

    const media = op(doc, "/api/samples/{key}", "get");
    expect(media.responses).toHaveProperty(["200", "content", "image/png"]);
    expect(media.security).toEqual([]);

    const remove = op(doc, "/api/samples/{id}", "delete");
    expect(remove.responses).toHaveProperty("204");
    expect(remove.security).toEqual([{ sessionCookie: [] }]);
  });

  it("lists each declared error under its status with an example, and the refusals every call may meet", () => {
    const doc = openApiDocument(SAMPLES);
    const responses = op(doc, "/api/samples/{id}", "patch").responses as Record<string, Json>;
    expect(Object.keys(responses).sort()).toEqual(["200", "400", "401", "403", "404", "413", "429"]);
    expect(responses["404"]).toMatchObject({
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Errors" },
          examples: { itemNotFound: { value: { errors: [{ code: "itemNotFound", parameter: "id" }] } } },
        },
      },
    });
    expect(Object.keys((responses["403"] as Json).content as Json)).toEqual(["application/json"]);
    expect(JSON.stringify(responses["403"])).toContain("invalidOrigin");
    // A public read needs no session, so it answers no 401, 403 or 429.
    const media = op(doc, "/api/samples/{key}", "get").responses as Json;
    expect(Object.keys(media)).toEqual(["200"]);
    expect(doc.components.schemas.Errors).toMatchObject({ required: ["errors"] });
  });

  it("names who may call each endpoint a guest or the service calls, not just 'anyone'", () => {
    const doc = openApiDocument(ENDPOINTS);
    const described = (path: string, method: string) => String(op(doc, path, method).description);
    const comments = described("/api/share/{token}/comments", "post");
    expect(comments).toContain("For a guest holding a share link");
    expect(comments).toContain("The link must take comments.");
    expect(comments).toContain("404 naming `token`");
    expect(described("/api/share/{token}", "get")).toContain("It reaches only what the link shows.");
    expect(described("/api/share/{token}/ballot", "get")).toContain("a vote's link that takes votes");
    const guestOrService = ENDPOINTS.filter((e) => e.spec.caller !== undefined);
    expect(guestOrService.length).toBeGreaterThanOrEqual(8);
    for (const endpoint of guestOrService) {
      const text = described(endpoint.spec.path, endpoint.spec.method.toLowerCase());
      expect(text, endpoint.id).not.toContain("Open to anyone.");
    }
  });

  it("refuses two declarations of one method and path", () => {
    expect(() => openApiDocument([...SAMPLES, { ...sample.list, id: "samples.again" }])).toThrow(
      /declared twice/,
    );
  });
});
