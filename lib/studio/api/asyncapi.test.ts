import { createRequire } from "node:module";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { type AsyncApiDocument, asyncApiDocument } from "./asyncapi";
import { STREAM_CLOSE, STREAM_CLOSE_CODES, STREAM_PATH } from "./stream";
import { CLIENT_MESSAGES, SERVER_MESSAGES, streamFrameSchema } from "./stream-messages";

type Json = Record<string, unknown>;

// The AsyncAPI initiative's own JSON Schema of a 3.0 document (what its parser validates with).
const spec = createRequire(import.meta.url)("@asyncapi/specs/schemas/3.0.0-without-$id.json") as Json;
const validator = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(spec);

function expectValid(doc: unknown): void {
  const valid = validator(structuredClone(doc));
  expect(valid, JSON.stringify(validator.errors?.slice(0, 5), null, 1)).toBe(true);
}

/** Every `$ref` in the document resolves inside it. */
function expectRefsResolve(doc: AsyncApiDocument): void {
  const at = (pointer: string): unknown =>
    pointer
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, "/")], doc);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref") expect(at(String(value)), String(value)).toBeDefined();
      else walk(value);
    }
  };
  walk(doc);
}

describe("the live stream's AsyncAPI document", () => {
  const doc = asyncApiDocument({ version: "1.2.3", serverUrl: "https://studio.example" });

  it("is a valid AsyncAPI 3.0 document, with and without a server", () => {
    expectValid(doc);
    expectValid(asyncApiDocument());
    expectRefsResolve(doc);
  });

  it("the validator refuses a document missing what 3.0 requires", () => {
    const broken = structuredClone(doc) as unknown as Json;
    delete (broken.info as Json).title;
    expect(validator(broken)).toBe(false);
    const badAction = structuredClone(doc) as unknown as { operations: Record<string, Json> };
    (Object.values(badAction.operations)[0] as Json).action = "publish";
    expect(validator(badAction)).toBe(false);
  });

  it("declares every message each way, the presence event and the close codes", () => {
    const channel = doc.channels.stream as { address: string; messages: Json; description: string };
    expect(channel.address).toBe(STREAM_PATH);
    const sent = Object.values(doc.operations).filter((o) => o.action === "send").length;
    const received = Object.values(doc.operations).filter((o) => o.action === "receive").length;
    expect(sent).toBe(Object.keys(SERVER_MESSAGES).length);
    expect(received).toBe(Object.keys(CLIENT_MESSAGES).length);
    expect(Object.keys(channel.messages)).toContain("presence");
    const presence = doc.components.messages.presence as {
      payload: { properties: Json; required: string[] };
    };
    expect(Object.keys(presence.payload.properties)).toEqual(["type", "on", "members", "total"]);
    expect(presence.payload.required).toEqual(["type", "on", "members", "total"]);
    const gallery = doc.components.messages.gallery as {
      payload: { properties: { change: { oneOf?: Json[]; anyOf?: Json[] } } };
    };
    const kinds = gallery.payload.properties.change.oneOf ?? gallery.payload.properties.change.anyOf ?? [];
    expect(kinds.map((k) => (k.properties as { kind: { const: string } }).kind.const)).toContain("inbox");
    for (const code of Object.values(STREAM_CLOSE)) {
      expect(doc["x-close-codes"].map((c) => c.code)).toContain(code);
      expect(channel.description).toContain(String(code));
    }
    expect(doc["x-close-codes"]).toEqual(STREAM_CLOSE_CODES);
  });

  it("describes the frames as the declarations parse them", () => {
    const frame = { type: "presence", on: "item:x", members: [{ userId: "u", name: "Ada" }], total: 1 };
    expect(streamFrameSchema.safeParse(frame).success).toBe(true);
    expect(streamFrameSchema.safeParse({ ...frame, total: -1 }).success).toBe(false);
    expect(
      streamFrameSchema.safeParse({ type: "gallery", epoch: "e", seq: 1, change: { kind: "nope" } }).success,
    ).toBe(false);
  });
});
