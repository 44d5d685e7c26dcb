/**
 * A message's fields as the reference page lists them, read from the JSON Schema of its payload
 * in the AsyncAPI document: name, type in words, whether it is always there, and what it means.
 */

type Json = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  optional: boolean;
  description: string;
  /** The fields of an object (one level down), named. */
  inner: string[];
}

/** A schema's type as a reader says it: "text", "whole number or nothing", "list of text". */
export function typeWords(schema: Json): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(options)) {
    const nullable = options.some((o) => o.type === "null");
    const rest = [...new Set(options.filter((o) => o.type !== "null").map(typeWords))];
    const some = options.filter((o) => o.type !== "null").length;
    // Objects told apart by a field of theirs (a change's kind): one phrase, not "object or object".
    const said =
      rest.length === 1 && rest[0] === "object" && some > 1
        ? `one of ${some} kinds of object`
        : rest.join(" or ");
    return `${said}${nullable ? " or null" : ""}`;
  }
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => typeWords({ ...schema, type: t })).join(" or ");
  switch (type) {
    case "string":
      return "text";
    case "integer":
      return "whole number";
    case "number":
      return "number";
    case "boolean":
      return "true or false";
    case "null":
      return "null";
    case "array":
      return `list of ${typeWords((schema.items as Json | undefined) ?? {})}`;
    case "object":
      return "object";
    default:
      return "any";
  }
}

function innerOf(schema: Json): string[] {
  const object = schema.type === "array" ? ((schema.items as Json | undefined) ?? {}) : schema;
  const props = object.properties as Json | undefined;
  return props ? Object.keys(props) : [];
}

/** The rows of an object schema's properties, `skip` left out (the message's own `type`). */
export function fieldRows(schema: Json, skip: readonly string[] = []): FieldRow[] {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props)
    .filter(([name]) => !skip.includes(name))
    .map(([name, prop]) => ({
      name,
      type: typeWords(prop),
      optional: !required.has(name),
      description: typeof prop.description === "string" ? prop.description : "",
      inner: innerOf(prop),
    }));
}
