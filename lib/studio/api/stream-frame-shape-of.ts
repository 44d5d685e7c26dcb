import { z } from "zod";
import type { JsonType, JsonValue, Shape } from "./stream-shape";

/**
 * The shape the browser checks a frame against (lib/studio/api/stream-frame.ts), from a zod
 * schema: its JSON Schema, as the parser reads JSON (`io: "input"`), kept to the keywords of a
 * `Shape`. Keywords that bound a value (lengths, ranges, patterns) and words for people are left
 * out; any other keyword (a reference, an intersection, a tuple, a closed object) throws, so a
 * declaration the table cannot say is found when the table is written, not in a browser.
 */
export function frameShapeOf(schema: z.ZodType): Shape {
  return reduce(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>);
}

/** Keywords a `Shape` does not check: what bounds a value, and what describes it. */
const LEFT_OUT = new Set([
  "$schema",
  "title",
  "description",
  "examples",
  "default",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
]);

type JsonSchema = Record<string, unknown>;

function reduce(schema: JsonSchema): Shape {
  const shape: Shape = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (LEFT_OUT.has(keyword)) continue;
    switch (keyword) {
      case "type":
        shape.type = (Array.isArray(value) ? value : [value]) as JsonType[];
        break;
      case "const":
        shape.const = value as JsonValue;
        break;
      case "enum":
        shape.enum = value as JsonValue[];
        break;
      case "properties":
        shape.properties = Object.fromEntries(
          Object.entries(value as Record<string, JsonSchema>).map(([key, field]) => [key, reduce(field)]),
        );
        break;
      case "required":
        shape.required = value as string[];
        break;
      case "items":
        shape.items = reduce(value as JsonSchema);
        break;
      // A discriminated union is `oneOf`: its alternatives exclude each other already.
      case "anyOf":
      case "oneOf":
        shape.anyOf = (value as JsonSchema[]).map(reduce);
        break;
      default:
        throw new Error(
          `A stream frame's declaration uses "${keyword}", which the browser's check cannot say`,
        );
    }
  }
  return shape;
}
