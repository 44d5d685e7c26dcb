/**
 * The declared type of the field at a path of a zod schema, for the `type` of an error object.
 * zod's issues say what was received and, for a wrong type, the base type expected ("number"
 * for an integer field), so the schema itself is the better source.
 */
import type { z } from "zod";

type Def = {
  type: string;
  format?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Strips wrappers that do not change the value's type. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = defOf(current);
    if (
      (def.type === "optional" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "nullable" ||
        def.type === "nonoptional" ||
        def.type === "readonly" ||
        def.type === "catch") &&
      def.innerType
    ) {
      current = def.innerType;
    } else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else return current;
  }
  return current;
}

function child(schema: z.ZodType, key: PropertyKey): z.ZodType[] {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === "object" && def.shape && typeof key === "string") {
    const field = def.shape[key];
    return field ? [field] : [];
  }
  if (def.type === "array" && def.element && typeof key === "number") return [def.element];
  if (def.type === "record" && def.valueType) return [def.valueType];
  if (def.type === "union" && def.options) return def.options.flatMap((o) => child(o, key));
  if (def.type === "intersection") {
    const d = def as unknown as { left: z.ZodType; right: z.ZodType };
    return [...child(d.left, key), ...child(d.right, key)];
  }
  return [];
}

function nameOf(schema: z.ZodType): string[] {
  const s = unwrap(schema);
  const def = defOf(s);
  switch (def.type) {
    case "number":
      return [def.format === "safeint" || def.format === "int32" ? "integer" : "number"];
    case "literal":
      return [...new Set((def.values ?? []).map((v) => (v === null ? "null" : typeof v)))];
    case "enum":
      return [...new Set(Object.values(def.entries ?? {}).map((v) => typeof v))];
    case "union":
      return [...new Set((def.options ?? []).flatMap(nameOf))];
    case "record":
      return ["object"];
    default:
      return [def.type];
  }
}

/** `integer`, `string`, `array`, `string | object`..., or undefined when the path is unknown. */
export function typeAtPath(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  let frontier: z.ZodType[] = [schema];
  for (const key of path) {
    frontier = frontier.flatMap((s) => child(s, key));
    if (frontier.length === 0) return undefined;
  }
  const names = [...new Set(frontier.flatMap(nameOf))];
  return names.length === 0 ? undefined : names.join(" | ");
}
