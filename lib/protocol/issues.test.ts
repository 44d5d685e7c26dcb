import { describe, expect, it } from "vitest";
import { z } from "zod";
import { codeForPath, formatPath, issuesToServiceErrors, ruleIssue } from "./issues";

function errorsOf(schema: z.ZodType, input: unknown) {
  const r = schema.safeParse(input, { reportInput: true });
  if (r.success) throw new Error("expected a failure");
  return issuesToServiceErrors(r.error.issues, { taskType: "imageInference", taskUUID: "u" }, schema);
}

describe("codes from paths", () => {
  it.each([
    [["width"], "invalidWidth"],
    [["inputs", "frameImages"], "invalidFrameImages"],
    [["inputs", "frameImages", 0, "frame"], "invalidFrameImagesFrame"],
    [["lora", 0, "weight"], "invalidLoraWeight"],
    [["providerSettings", "bfl", "safetyTolerance"], "invalidBflSafetyTolerance"],
    [["CFGScale"], "invalidCFGScale"],
    [[], "invalidTask"],
  ] as const)("%j -> %s", (path, code) => {
    expect(codeForPath("invalid", path)).toBe(code);
  });

  it("formats paths with dots, indices included", () => {
    expect(formatPath(["lora", 0, "weight"])).toBe("lora.0.weight");
  });
});

describe("issue mapping", () => {
  const schema = z
    .strictObject({
      width: z.int().min(128).max(2048).multipleOf(64),
      positivePrompt: z.string().min(2).max(3000),
      outputFormat: z.enum(["JPG", "PNG", "WEBP"]).optional(),
      lora: z.array(z.strictObject({ model: z.string(), weight: z.number().min(-4).max(4) })).optional(),
      flag: z.union([z.string(), z.strictObject({ image: z.string() })]).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.outputFormat === "JPG" && v.width === 2048) {
        ctx.addIssue(ruleIssue("conflictWidthOutputFormat", ["outputFormat"], "no", v, "string"));
      }
    });

  it("names a missing field with missing<Field> and its type", () => {
    expect(errorsOf(schema, { width: 128 })).toEqual([
      expect.objectContaining({
        code: "missingPositivePrompt",
        parameter: "positivePrompt",
        type: "string",
        taskType: "imageInference",
        taskUUID: "u",
      }),
    ]);
  });

  it("reports a wrong type as invalid<Field> with the expected type", () => {
    const [e] = errorsOf(schema, { width: "wide", positivePrompt: "ok" });
    expect(e).toMatchObject({ code: "invalidWidth", parameter: "width", type: "integer" });
    expect(e?.message).toMatch(/expected integer, received string/);
  });

  it("reports bounds with the bound and the value in the message", () => {
    const [e] = errorsOf(schema, { width: 4096, positivePrompt: "ok" });
    expect(e).toMatchObject({ code: "invalidWidth", parameter: "width" });
    expect(e?.message).toMatch(/at most 2048/);
    expect(e?.message).toMatch(/4096/);
  });

  it("reports string length in characters", () => {
    const [e] = errorsOf(schema, { width: 128, positivePrompt: "x" });
    expect(e?.message).toMatch(/at least 2 characters \(got 1 characters\)/);
  });

  it("reports multiples", () => {
    const [e] = errorsOf(schema, { width: 1000, positivePrompt: "ok" });
    expect(e).toMatchObject({ code: "invalidWidth", type: "integer" });
    expect(e?.message).toMatch(/multiple of 64/);
  });

  it("lists the allowed values of an enum", () => {
    const [e] = errorsOf(schema, { width: 128, positivePrompt: "ok", outputFormat: "GIF" });
    expect(e).toMatchObject({ code: "invalidOutputFormat", parameter: "outputFormat", type: "string" });
    expect(e?.message).toMatch(/JPG, PNG, WEBP/);
  });

  it("gives one unknownParameter error per unknown key, with its full path", () => {
    const errors = errorsOf(schema, {
      width: 128,
      positivePrompt: "ok",
      colour: 1,
      lora: [{ model: "a", weight: 1, wieght: 2 }],
    });
    expect(errors.map((e) => [e.code, e.parameter])).toEqual([
      ["unknownParameter", "lora.0.wieght"],
      ["unknownParameter", "colour"],
    ]);
  });

  it("reports nested bounds with the nested path", () => {
    const [e] = errorsOf(schema, { width: 128, positivePrompt: "ok", lora: [{ model: "a", weight: 9 }] });
    expect(e).toMatchObject({ code: "invalidLoraWeight", parameter: "lora.0.weight" });
  });

  it("reports the furthest union branch", () => {
    const [e] = errorsOf(schema, { width: 128, positivePrompt: "ok", flag: { image: 3 } });
    expect(e).toMatchObject({ code: "invalidFlagImage", parameter: "flag.image", type: "string" });
  });

  it("reports a union type miss once, listing the accepted types", () => {
    const [e] = errorsOf(schema, { width: 128, positivePrompt: "ok", flag: 5 });
    expect(e).toMatchObject({ code: "invalidFlag", parameter: "flag", type: "string | object" });
  });

  it("carries a rule's own code and type", () => {
    const [e] = errorsOf(schema, { width: 2048, positivePrompt: "ok", outputFormat: "JPG" });
    expect(e).toEqual({
      code: "conflictWidthOutputFormat",
      message: "no",
      parameter: "outputFormat",
      type: "string",
      taskType: "imageInference",
      taskUUID: "u",
    });
  });
});
