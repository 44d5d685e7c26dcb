import { describe, expect, it } from "vitest";
import { imageInferenceSchema } from "./image-inference";
import { issuesToServiceErrors } from "./issues";
import {
  isKeepableByPattern,
  isKeepableText,
  keepableCopy,
  unkeepableTextError,
  unkeepableTextPath,
} from "./text";

describe("keepable text", () => {
  it.each([
    ["plain words", "a fox in the snow", true],
    ["an emoji (a surrogate pair)", "a fox 🦊", true],
    ["accents and CJK", "café 東京", true],
    ["the null character", "a\u0000b", false],
    ["a lone high surrogate", "a\ud83eb", false],
    ["a lone low surrogate", "a\udd8a", false],
    ["a high surrogate at the end", "fox\ud83e", false],
    ["two low surrogates after a pair", "🦊\udd8a", false],
  ])("%s: %s", (_name, text, keepable) => {
    expect(isKeepableText(text)).toBe(keepable);
    expect(isKeepableByPattern(text)).toBe(keepable);
  });

  it("finds the first bad string or key in a JSON value, by path", () => {
    expect(unkeepableTextPath({ a: ["fine", { b: "x\u0000" }] })).toEqual(["a", 1, "b"]);
    expect(unkeepableTextPath([{ ok: 1 }, { "k\ud800": 1 }])).toEqual([1, "k\ud800"]);
    expect(unkeepableTextPath({ a: "fine", n: 3, t: true, z: null })).toBeNull();
    expect(unkeepableTextPath("\u0000")).toEqual([]);
  });

  it("walks a deeply nested value without overflowing the stack", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => unkeepableTextPath(deep)).not.toThrow();
  });

  it("names the field in the contract's invalid-parameter error", () => {
    expect(unkeepableTextError(["positivePrompt"])).toMatchObject({
      code: "invalidPositivePrompt",
      parameter: "positivePrompt",
      type: "string",
    });
    expect(unkeepableTextError(["lora", 0, "model"])).toMatchObject({
      code: "invalidLoraModel",
      parameter: "lora.0.model",
    });
    expect(unkeepableTextError([])).toMatchObject({ code: "invalidRequestBody", parameter: "body" });
  });

  it("makes a copy keepable by replacing each bad unit", () => {
    expect(keepableCopy("a\u0000b\ud800c 🦊")).toBe("a\ufffdb\ufffdc 🦊");
    expect(keepableCopy("fine")).toBe("fine");
  });

  it("a prompt's schema refuses it, so the forms say so at the field", () => {
    const result = imageInferenceSchema.safeParse({
      taskType: "imageInference",
      taskUUID: "1b6f1a3e-8c1f-4a57-9d2e-3f4a5b6c7d8e",
      positivePrompt: "a \u0000 fox",
      negativePrompt: "blur\ud800",
      model: "runware:100@1",
      width: 512,
      height: 512,
    });
    expect(result.success).toBe(false);
    const errors = result.success ? [] : issuesToServiceErrors(result.error.issues);
    expect(errors.map((e) => [e.code, e.parameter])).toEqual([
      ["invalidPositivePrompt", "positivePrompt"],
      ["invalidNegativePrompt", "negativePrompt"],
    ]);
  });
});
