import { describe, expect, it } from "vitest";
import { humanizeKey, inWords, labelOf, onFieldWords } from "@/lib/client/create/field-labels";

describe("field labels", () => {
  it("names top-level fields as the form labels them", () => {
    expect(labelOf("positivePrompt")).toBe("Prompt");
    expect(labelOf("seedImage")).toBe("Source image");
    expect(labelOf("CFGScale")).toBe("Guidance (CFG)");
    expect(labelOf("numberResults")).toBe("Images");
  });

  it("numbers list items from one and reads inner fields as words", () => {
    expect(labelOf("lora.1.weight")).toBe("LoRA 2 weight");
    expect(labelOf("controlNet.0.guideImage")).toBe("ControlNet 1 guide image");
    expect(labelOf("acceleratorOptions.teaCacheDistance")).toBe("Acceleration tea cache distance");
    expect(labelOf("inputs.frameImages.0.image")).toBe("Frame 1 image");
  });

  it("names a provider's settings by the provider and the field's label", () => {
    expect(labelOf("providerSettings.alibaba")).toBe("Alibaba settings");
    expect(labelOf("providerSettings.bfl.safetyTolerance")).toBe("Black Forest Labs: Safety tolerance");
    expect(labelOf("providerSettings.someone.fooBar")).toBe("someone: Foo bar");
  });

  it("splits camelCase and keeps acronyms", () => {
    expect(humanizeKey("CFGStartStep")).toBe("CFG start step");
    expect(humanizeKey("teaCacheDistance")).toBe("tea cache distance");
  });

  it("rewrites contract messages with labels, keeping their meaning", () => {
    expect(inWords("Invalid value for 'steps': must be at most 100 (got 500).")).toBe(
      "Steps: must be at most 100 (got 500).",
    );
    expect(inWords("'acePlusPlus' needs 'referenceImages' at the root of the task (one image).")).toBe(
      "ACE++ needs Reference images at the root of the task (one image).",
    );
    expect(inWords("Use __BLANK__ for no text guidance.")).toBe('Use "No prompt" for no text guidance.');
    expect(inWords("Something plain.")).toBe("Something plain.");
    // A key no form field has keeps its own name: it is what the person typed.
    expect(inWords("Unknown parameter 'fooBar'. Remove it.")).toBe("Unknown parameter 'fooBar'. Remove it.");
  });

  it("drops the field's own name under its field", () => {
    expect(onFieldWords("Invalid value for 'width': must be a multiple of 64 (got 1000).")).toBe(
      "Must be a multiple of 64 (got 1000).",
    );
    expect(onFieldWords("'strength' is ignored without 'seedImage'.")).toBe(
      "Strength is ignored without Source image.",
    );
  });
});
