import { describe, expect, it } from "vitest";
import {
  formatJson,
  jsonStatus,
  jsonVerdict,
  keyWords,
  overriddenKeys,
  STUDIO_SET_KEYS,
} from "./provider-json";
import { parseExtraJson } from "./task-values";

describe("raw JSON editor", () => {
  it("lists only keys the parser refuses as the studio's", () => {
    for (const key of STUDIO_SET_KEYS) {
      const out = parseExtraJson(JSON.stringify({ [key]: "x" }));
      expect(out.ok, key).toBe(false);
    }
    // A key close to a studio key but not one is the user's to send.
    expect(parseExtraJson('{"taskTypes": 1, "clipSkip": 1}').ok).toBe(true);
  });

  it("reports empty, valid and invalid text", () => {
    expect(jsonStatus("  ")).toEqual({ state: "empty" });
    expect(jsonStatus('{"clipSkip": 1, "ttl": 60}')).toEqual({ state: "valid", keys: ["clipSkip", "ttl"] });
    expect(jsonStatus("{oops").state).toBe("invalid");
    expect(jsonStatus("[1]").state).toBe("invalid");
    const reserved = jsonStatus('{"taskUUID": "x"}');
    expect(reserved.state === "invalid" && reserved.message).toMatch(/taskUUID/);
  });

  it("pretty-prints valid JSON and leaves broken text alone", () => {
    expect(formatJson('{"a":1,"b":[1,2]}')).toBe('{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}');
    expect(formatJson("{nope")).toBeNull();
  });

  it("names the form fields a JSON key replaces", () => {
    const values = {
      steps: 20,
      CFGScale: undefined,
      lora: [],
      providerSettings: { bfl: { raw: true } },
      negativePrompt: "",
    };
    expect(
      overriddenKeys(["steps", "CFGScale", "lora", "providerSettings", "negativePrompt", "ttl"], values),
    ).toEqual(["steps", "providerSettings"]);
  });
});

describe("raw JSON verdict", () => {
  const form = { model: "runware:100@1", positivePrompt: "a cat", width: 512, height: 512 };

  it("refuses well-formed JSON the contract refuses, in the field's words", () => {
    expect(jsonVerdict('{ "steps": 500 }', form)).toEqual({
      state: "invalid",
      message: "Steps: must be at most 100 (got 500).",
    });
    expect(jsonVerdict('{ "fooBar": 1 }', form)).toMatchObject({
      state: "invalid",
      message: expect.stringContaining("'fooBar'"),
    });
  });

  it("counts only complaints about its own keys", () => {
    // The form's own blank prompt is the form's error, not the editor's.
    expect(jsonVerdict('{ "steps": 30 }', { ...form, positivePrompt: "" })).toEqual({
      state: "valid",
      keys: ["steps"],
    });
    expect(jsonVerdict("", form)).toEqual({ state: "empty" });
    expect(jsonVerdict("{oops", form).state).toBe("invalid");
  });

  it("names keys by their labels, or as typed when no field has them", () => {
    expect(keyWords(["steps", "CFGScale", "fooBar"])).toBe("Steps, Guidance (CFG), fooBar");
  });
});
