import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PROVIDER_DEFAULTS, PROVIDER_KEYS, providerSettingsSchema } from "@/lib/protocol/provider-settings";
import {
  defaultOptionLabel,
  humanizeEnum,
  PROVIDER_FORMS,
  providerLabel,
  providersWithValues,
  selectOptions,
} from "./provider-fields";

const IMAGE = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";

/** The strict object schema of one provider, as providerSettingsSchema holds it. */
function schemaOf(key: string): z.ZodObject {
  const entry = (providerSettingsSchema.shape as Record<string, z.ZodType>)[key];
  if (!(entry instanceof z.ZodOptional)) throw new Error(`no schema for ${key}`);
  const inner = entry.unwrap();
  if (!(inner instanceof z.ZodObject)) throw new Error(`${key} is not an object schema`);
  return inner;
}

function fieldSchema(key: string, name: string): z.ZodType {
  const entry = schemaOf(key).shape[name];
  if (!(entry instanceof z.ZodOptional)) throw new Error(`${key}.${name} is not optional`);
  return entry.unwrap() as z.ZodType;
}

const accepts = (key: string, name: string, value: unknown) =>
  schemaOf(key).safeParse({ [name]: value }).success;

describe("provider forms", () => {
  it("describe every provider key of lib/protocol, once, in P1..P8 order", () => {
    expect(PROVIDER_FORMS.map((p) => p.key)).toEqual(Object.values(PROVIDER_KEYS));
    for (const p of PROVIDER_FORMS) expect(p.key).toBe(PROVIDER_KEYS[p.code]);
  });

  it("describe exactly the fields of each provider's schema", () => {
    for (const p of PROVIDER_FORMS) {
      expect(p.fields.map((f) => f.name).sort(), p.key).toEqual(Object.keys(schemaOf(p.key).shape).sort());
    }
  });

  it("use the schema's kind for each field", () => {
    for (const p of PROVIDER_FORMS) {
      for (const f of p.fields) {
        const s = fieldSchema(p.key, f.name);
        const where = `${p.key}.${f.name}`;
        if (f.kind === "switch") expect(s, where).toBeInstanceOf(z.ZodBoolean);
        // Sorted: zod keeps enum values as object keys, which puts "1" before "0.25".
        if (f.kind === "select")
          expect([...(s as z.ZodEnum).options].sort(), where).toEqual([...f.options].sort());
        if (f.kind === "images" || f.kind === "integer" || f.kind === "text") {
          expect(s, where).not.toBeInstanceOf(z.ZodBoolean);
        }
        if (f.kind === "colorPalette") expect(accepts(p.key, f.name, { name: "EMBER" }), where).toBe(true);
      }
    }
  });

  it("give integers the schema's bounds", () => {
    for (const p of PROVIDER_FORMS) {
      for (const f of p.fields) {
        if (f.kind !== "integer") continue;
        const where = `${p.key}.${f.name}`;
        expect(accepts(p.key, f.name, f.min), where).toBe(true);
        expect(accepts(p.key, f.name, f.max), where).toBe(true);
        expect(accepts(p.key, f.name, f.min - 1), where).toBe(false);
        expect(accepts(p.key, f.name, f.max + 1), where).toBe(false);
        expect(accepts(p.key, f.name, f.min + 0.5), where).toBe(false);
      }
    }
  });

  it("give image lists the schema's maximum", () => {
    for (const p of PROVIDER_FORMS) {
      for (const f of p.fields) {
        if (f.kind !== "images") continue;
        const where = `${p.key}.${f.name}`;
        const list = (n: number) => Array.from({ length: n }, () => IMAGE);
        // Mask counts are checked against the image count, so the images go along.
        const base =
          f.name === "characterReferenceImagesMask" ? { characterReferenceImages: list(f.max) } : {};
        expect(schemaOf(p.key).safeParse({ ...base, [f.name]: list(f.max) }).success, where).toBe(true);
        expect(schemaOf(p.key).safeParse({ ...base, [f.name]: list(f.max + 1) }).success, where).toBe(false);
      }
    }
  });

  it("show each documented default, and only documented ones", () => {
    for (const p of PROVIDER_FORMS) {
      const defaults = PROVIDER_DEFAULTS[p.key] as Record<string, unknown>;
      const shown: Record<string, unknown> = {};
      for (const f of p.fields) if ("fallback" in f && f.fallback !== undefined) shown[f.name] = f.fallback;
      expect(shown, p.key).toEqual(defaults);
    }
  });
});

describe("provider labels and values", () => {
  it("label known providers readably and unknown ones as their key", () => {
    expect(providerLabel(PROVIDER_KEYS.P2)).toBe("Black Forest Labs");
    expect(providerLabel("someone")).toBe("someone");
  });

  it("say what an empty select means", () => {
    expect(defaultOptionLabel({ fallback: "AUTO" })).toBe("Default (AUTO)");
    expect(defaultOptionLabel({})).toBe("Default (provider's choice)");
  });

  it("humanize long enum lists only where asked", () => {
    expect(humanizeEnum("80S_ILLUSTRATION")).toBe("80s illustration");
    const ideogram = PROVIDER_FORMS.find((p) => p.code === "P5");
    const preset = ideogram?.fields.find((f) => f.name === "stylePreset");
    const speed = ideogram?.fields.find((f) => f.name === "renderingSpeed");
    if (preset?.kind !== "select" || speed?.kind !== "select") throw new Error("missing fields");
    expect(selectOptions(preset)[0]).toEqual({ value: "80S_ILLUSTRATION", label: "80s illustration" });
    expect(selectOptions(speed)[0]).toEqual({ value: "TURBO", label: "TURBO" });
  });

  it("list the providers holding a value, known ones in order", () => {
    expect(
      providersWithValues({
        other: { x: 1 },
        [PROVIDER_KEYS.P5]: { styleType: "AUTO" },
        [PROVIDER_KEYS.P2]: { raw: false },
        [PROVIDER_KEYS.P3]: { medium: undefined, mode: "" },
        [PROVIDER_KEYS.P6]: { stylize: Number.NaN },
      }),
    ).toEqual([PROVIDER_KEYS.P2, PROVIDER_KEYS.P5, "other"]);
    expect(providersWithValues(undefined)).toEqual([]);
  });
});
