import { describe, expect, it } from "vitest";
import { checkDraft, droppedNotice } from "./draft-check";
import { BASE_IMAGE_VALUES, COMMON_IMAGE_FIELDS } from "./image-fields";

const FORM = {
  defaults: BASE_IMAGE_VALUES,
  fields: [...COMMON_IMAGE_FIELDS, "seedImage", "maskImage", "strength"],
  taskType: "imageInference" as const,
};

describe("opening a stored draft", () => {
  it("opens a valid draft as it was, an unfinished one included", () => {
    const draft = { positivePrompt: "a fox", width: 832, height: 1216, seed: 42 };
    expect(checkDraft(draft, FORM)).toEqual({ values: { ...BASE_IMAGE_VALUES, ...draft }, dropped: [] });
    // No prompt yet: not a refusal, the form says so on Generate.
    expect(checkDraft({ width: 512 }, FORM).dropped).toEqual([]);
  });

  it("keeps what is valid and names each value it set aside", () => {
    const draft = {
      positivePrompt: "a fox in snow",
      width: 99_999,
      numberResults: "many",
      steps: -3,
      strength: 0.4,
      extraJson: "{not json",
    };
    const { values, dropped } = checkDraft(draft, FORM);
    expect(values).toMatchObject({
      positivePrompt: "a fox in snow",
      strength: 0.4,
      width: BASE_IMAGE_VALUES.width,
      numberResults: BASE_IMAGE_VALUES.numberResults,
      extraJson: "",
    });
    expect(values.steps).toBeUndefined();
    expect(dropped.sort()).toEqual(["Extra JSON", "Images", "Steps", "Width"]);
    expect(droppedNotice(dropped)).toMatch(/^Your draft is back, except Extra JSON, Images, Steps and Width/);
  });

  it("never throws, whatever was stored", () => {
    const hostile: unknown[] = [
      null,
      7,
      "text",
      [1, 2],
      { __proto__: { polluted: true } },
      { lora: "x" },
      { seed: {} },
    ];
    for (const draft of hostile) {
      const { values } = checkDraft(draft, FORM);
      expect(values.model).toBe(BASE_IMAGE_VALUES.model);
    }
    expect(checkDraft([1], FORM).dropped).toEqual(["the whole draft"]);
    expect(droppedNotice(["the whole draft"])).toMatch(/could not be read/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
