import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { updateAccountSchema } from "@/lib/studio/auth/accounts";
import { multilineText, ONE_LINE_MESSAGE, withoutControls } from "@/lib/studio/person-text";
import { ENDPOINTS } from "./index";

// Every name and title a person types, in every declared body, refuses a line break and a
// direction override, naming its field; every comment, prompt and description loses its controls
// but keeps its line breaks. The fields are found by walking the declarations, so a new endpoint
// with a name is held to the rule without a line here.

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface Field {
  endpoint: string;
  path: string[];
  /** The field's schema as declared (optional, nullable and all), parsed alone. */
  schema: z.ZodType;
  /** The body with the field set to `value` and nothing else, to be parsed whole. */
  build(value: unknown): unknown;
}

/** Every string field of a body schema, with how to reach it. */
function stringFields(
  schema: z.ZodType,
  endpoint: string,
  path: string[] = [],
  build: (v: unknown) => unknown = (v) => v,
  declared: z.ZodType = schema,
  out: Field[] = [],
): Field[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>))
        stringFields(child, endpoint, [...path, key], (v) => build({ [key]: v }), child, out);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      stringFields(def.innerType as z.ZodType, endpoint, path, build, declared, out);
      break;
    case "pipe":
      stringFields(def.in as z.ZodType, endpoint, path, build, declared, out);
      break;
    case "array":
      stringFields(
        def.element as z.ZodType,
        endpoint,
        [...path, "0"],
        (v) => build([v]),
        def.element as z.ZodType,
        out,
      );
      break;
    case "union":
      for (const option of def.options as z.ZodType[])
        stringFields(option, endpoint, path, build, declared, out);
      break;
    case "intersection":
      stringFields(def.left as z.ZodType, endpoint, path, build, declared, out);
      stringFields(def.right as z.ZodType, endpoint, path, build, declared, out);
      break;
    case "lazy":
      stringFields((def.getter as () => z.ZodType)(), endpoint, path, build, declared, out);
      break;
    case "string":
      out.push({ endpoint, path, schema: declared, build });
      break;
    default:
      break;
  }
  return out;
}

const FIELDS: Field[] = [
  ...ENDPOINTS.flatMap((e) => {
    const body = (e.spec as { body?: z.ZodType }).body;
    return body ? stringFields(body, `${e.spec.method} ${e.spec.path}`) : [];
  }),
  // Renaming an account goes through the auth library's catch-all (lib/server/auth/auth-endpoint.ts).
  ...stringFields(updateAccountSchema, "POST /api/auth/update-user"),
];

const last = (f: Field) => f.path.filter((p) => p !== "0").at(-1) ?? "";
/** A name, a title, a label or a tag: one line a person types. */
const isName = (f: Field) => /^(name|title|label|tags?|description)$/i.test(last(f)) && !isMultiline(f);
/** A comment, a prompt, a board's description: text a person types over lines. */
const isMultiline = (f: Field) =>
  /^(body|prompts?|negativePrompt|find|replacements)$/.test(last(f)) ||
  (last(f) === "description" && f.endpoint.includes("/api/boards"));

const where = (f: Field) => `${f.endpoint} ${f.path.join(".")}`;
const ATTACKS = [
  "Eve\r\nBcc: attacker@evil.example",
  "\r\n",
  "\u202E",
  "Eve\u202Egnp.exe",
  "Eve\u2066x",
  "a\u0085b",
];

describe("names and titles a person types", () => {
  const names = FIELDS.filter(isName);

  it("are found in every declaration that takes one", () => {
    const found = new Set(names.map(where));
    for (const expected of [
      "POST /api/setup name",
      "POST /api/invitations/accept name",
      "POST /api/auth/update-user name",
      "POST /api/boards name",
      "PATCH /api/boards/{id} name",
      "POST /api/saved-searches name",
      "PATCH /api/saved-searches/{id} name",
      "POST /api/tokens name",
      "POST /api/engine-keys description",
      "POST /api/eval-sets name",
      "PATCH /api/eval-sets/{id} name",
      "POST /api/experiments name",
      "POST /api/experiments/{id}/votes name",
      "POST /api/eval-sets/{id}/votes name",
      "POST /api/votes name",
      "POST /api/share/{token}/comments name",
      "PUT /api/items/{id}/tags tags.0",
      "POST /api/items/bulk tag",
      "POST /api/spend/estimate experiment.name",
    ])
      expect(found, expected).toContain(expected);
  });

  it("refuse line breaks, controls and direction marks, naming the field", () => {
    for (const field of names)
      for (const attack of ATTACKS) {
        const alone = field.schema.safeParse(attack);
        expect(alone.success, `${where(field)} took ${JSON.stringify(attack)}`).toBe(false);
        // Parsed as the endpoint parses its body: the problem is reported at the field.
        const whole = FIELDS.find((f) => f === field)?.build(attack);
        const body = ENDPOINTS.find((e) => `${e.spec.method} ${e.spec.path}` === field.endpoint)?.spec.body;
        const parsed = (body ?? updateAccountSchema).safeParse(whole);
        const issues = parsed.success ? [] : parsed.error.issues;
        const atField = issues.filter((i) => i.path.map(String).join(".") === field.path.join("."));
        expect(
          atField.some((i) => /one line of text/i.test(i.message)),
          `${where(field)} with ${JSON.stringify(attack)}: ${JSON.stringify(issues)}`,
        ).toBe(true);
      }
  });

  it("take a name with spaces, accents and emoji as it is", () => {
    for (const field of names) {
      const parsed = field.schema.safeParse("  Zoë 🦊 Ōtsuka  ");
      expect(parsed.success, where(field)).toBe(true);
      expect(String(parsed.data).toLowerCase(), where(field)).toBe("zoë 🦊 ōtsuka");
    }
  });
});

describe("text over lines a person types", () => {
  const texts = FIELDS.filter(isMultiline);

  it("is found in comments, prompts and descriptions", () => {
    const found = new Set(texts.map(where));
    for (const expected of [
      "POST /api/items/{id}/comments body",
      "PATCH /api/comments/{id} body",
      "POST /api/share/{token}/comments body",
      "POST /api/boards description",
      "POST /api/eval-sets cases.0.prompt",
      "POST /api/experiments axes.0.prompts.0",
    ])
      expect(found, expected).toContain(expected);
  });

  it("keeps line breaks and tabs and loses the other controls", () => {
    for (const field of texts) {
      const parsed = field.schema.safeParse("first line\r\n\tsecond\u0007 line\u202E\u2066 end\u009b");
      expect(parsed.success, where(field)).toBe(true);
      expect(parsed.data, where(field)).toBe("first line\r\n\tsecond line end");
    }
  });

  it("is one rule, written once", () => {
    expect(withoutControls("a\u0000\u001b[31mb\u007f\u0085c\n")).toBe("a[31mbc\n");
    expect(multilineText().parse("x\u202Dy")).toBe("xy");
    expect(ONE_LINE_MESSAGE).toMatch(/one line of text/i);
  });
});
