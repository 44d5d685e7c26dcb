import { describe, expect, it } from "vitest";
import { distinctLabels } from "./axis-labels";

describe("labels that tell an axis's prompts apart", () => {
  it("shows the words that differ, not the shared start a fixed cut would keep", () => {
    expect(distinctLabels(["a castle on a hill under a stormy sky", "a castle on a hill at night"])).toEqual([
      "…under a stormy sky",
      "…at night",
    ]);
  });

  it("elides a shared end too, and a long shared run between two changes", () => {
    expect(distinctLabels(["a red fox in the snow", "a grey wolf in the snow"])).toEqual([
      "…red fox…",
      "…grey wolf…",
    ]);
    expect(distinctLabels(["a red fox in snow at dawn", "a grey fox in snow at dusk"])).toEqual([
      "…red … dawn",
      "…grey … dusk",
    ]);
  });

  it("marks what differs from any other value when there are three", () => {
    expect(
      distinctLabels([
        "a castle on a hill at noon, oil painting",
        "a castle on a hill at night, oil painting",
        "a castle on a hill at night, watercolor",
      ]),
    ).toEqual(["…noon, oil painting", "…night, oil painting", "…night, watercolor"]);
    expect(distinctLabels(["a red fox at dawn", "a grey fox at dusk"])).toEqual([
      "…red fox at dawn",
      "…grey fox at dusk",
    ]);
  });

  it("keeps a prompt whole when nothing of its own sets it apart, and leaves equal lists alone", () => {
    expect(distinctLabels(["a fox", "a fox in the snow"])).toEqual(["a fox", "…in the snow"]);
    expect(distinctLabels(["a fox", "a fox"])).toEqual(["a fox", "a fox"]);
    expect(distinctLabels(["an owl"])).toEqual(["an owl"]);
  });
});
