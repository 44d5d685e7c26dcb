import { describe, expect, it } from "vitest";
import { asyncApiDocument } from "@/lib/studio/api/asyncapi";
import { fieldRows, typeWords } from "./stream-fields";

describe("the live stream's fields in words", () => {
  it("says types as a reader would", () => {
    expect(typeWords({ type: "string" })).toBe("text");
    expect(typeWords({ anyOf: [{ type: "integer" }, { type: "null" }] })).toBe("whole number or null");
    expect(typeWords({ type: "array", items: { type: "string" } })).toBe("list of text");
    expect(typeWords({ const: "presence" })).toBe('"presence"');
    expect(typeWords({ oneOf: [{ type: "object" }, { type: "object" }, { type: "object" }] })).toBe(
      "one of 3 kinds of object",
    );
    expect(typeWords({ anyOf: [{ type: "string" }, { type: "string" }] })).toBe("text");
  });

  it("lists the presence event's fields with their descriptions, its type left out", () => {
    const presence = asyncApiDocument().components.messages.presence as { payload: Record<string, unknown> };
    const rows = fieldRows(presence.payload, ["type"]);
    expect(rows.map((r) => r.name)).toEqual(["on", "members", "total"]);
    expect(rows.find((r) => r.name === "total")).toMatchObject({ type: "whole number", optional: false });
    expect(rows.find((r) => r.name === "members")?.inner).toEqual(["userId", "name"]);
    expect(rows.every((r) => r.description.length > 0)).toBe(true);
  });
});
