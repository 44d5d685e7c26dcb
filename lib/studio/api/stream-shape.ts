/**
 * The part of a JSON Schema the browser checks a stream frame against (lib/studio/api/stream-frame.ts),
 * and the check itself: no zod, since every page runs it.
 */

/** A value as JSON has it. */
export type JsonValue = string | number | boolean | null;
export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/**
 * The part of a JSON Schema the browser checks: types, literals, enumerations, an object's fields
 * and which must be there, an array's items, and alternatives. A keyword absent checks nothing.
 */
export interface Shape {
  type?: JsonType[];
  const?: JsonValue;
  enum?: JsonValue[];
  properties?: Record<string, Shape>;
  required?: string[];
  items?: Shape;
  anyOf?: Shape[];
}

function typeFits(value: unknown, types: JsonType[]): boolean {
  if (value === null) return types.includes("null");
  if (Array.isArray(value)) return types.includes("array");
  switch (typeof value) {
    case "string":
      return types.includes("string");
    case "boolean":
      return types.includes("boolean");
    case "number":
      return types.includes("number") || (types.includes("integer") && Number.isInteger(value));
    case "object":
      return types.includes("object");
    default:
      return false;
  }
}

function fieldsFit(value: Record<string, unknown>, shape: Shape): boolean {
  for (const key of shape.required ?? []) if (value[key] === undefined) return false;
  for (const [key, field] of Object.entries(shape.properties ?? {})) {
    const v = value[key];
    if (v !== undefined && !fitsShape(v, field)) return false;
  }
  return true;
}

/** Whether `value` (parsed JSON) has `shape`. */
export function fitsShape(value: unknown, shape: Shape): boolean {
  if (shape.anyOf && !shape.anyOf.some((alternative) => fitsShape(value, alternative))) return false;
  if (shape.const !== undefined && value !== shape.const) return false;
  if (shape.enum && !shape.enum.includes(value as JsonValue)) return false;
  if (shape.type && !typeFits(value, shape.type)) return false;
  if (shape.properties || shape.required) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return false;
    if (!fieldsFit(value as Record<string, unknown>, shape)) return false;
  }
  if (shape.items) {
    if (!Array.isArray(value)) return false;
    const items = shape.items;
    if (!value.every((item) => fitsShape(item, items))) return false;
  }
  return true;
}
