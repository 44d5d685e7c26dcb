import { describe, expect, it } from "vitest";
import { undrawnWords } from "./undrawn";

describe("words the renderer does not draw", () => {
  it("lists the things a prompt names that have no drawing, in prompt order", () => {
    expect(undrawnWords("a narwhal and a griffin in a meadow")).toEqual(["narwhal", "griffin"]);
    expect(undrawnWords("two narwhals, narwhal, a zorblax")).toEqual(["narwhals", "narwhal", "zorblax"]);
  });

  it("skips stopwords, adjectives, verbs, styles and quality jargon", () => {
    expect(
      undrawnWords(
        "a majestic glowing narwhal swimming gracefully, highly detailed, trending on artstation, 8k, oil painting",
      ),
    ).toEqual(["narwhal"]);
  });

  it("reports nothing for what it draws", () => {
    for (const prompt of [
      "a hot air balloon over fields",
      "a jellyfish in deep sea",
      "a blue whale breaching at sunset",
      "a polar bear on an ice floe",
      "a wizard",
      "a rainy street",
      "an owl in a forest",
      "a dragon breathing fire over a castle",
      "a robot and an astronaut",
      "a butterfly on a flower",
      "a fish underwater near a coral reef",
      "__BLANK__",
    ])
      expect(undrawnWords(prompt), prompt).toEqual([]);
  });

  it("does not take an artist's name for a thing, but does read what something is surrounded by", () => {
    expect(undrawnWords("a narwhal, by greg rutkowski and alphonse mucha")).toEqual(["narwhal"]);
    expect(undrawnWords("a narwhal in the style of hokusai")).toEqual(["narwhal"]);
    expect(undrawnWords("a castle surrounded by a moat")).toEqual(["moat"]);
  });

  it("reads everyday prompts as a person would: parts and materials of drawn things are not missing", () => {
    expect(undrawnWords("portrait of a young woman with red hair, freckles, natural light, 85mm")).toEqual([
      "freckles",
    ]);
    expect(undrawnWords("a cat wearing a hat and sunglasses")).toEqual(["hat", "sunglasses"]);
    expect(undrawnWords("an old fisherman mending nets at the harbor")).toEqual(["nets"]);
    expect(undrawnWords("a majestic lion with a golden mane, savanna at sunset")).toEqual([]);
    expect(undrawnWords("a steaming bowl of ramen on a wooden table, food photography")).toEqual([]);
  });

  it("does not report what the negative prompt rules out", () => {
    expect(undrawnWords("a narwhal and a griffin", "griffin")).toEqual(["narwhal"]);
  });
});
