import { describe, expect, it } from "vitest";
import { promptDiff, samePrompt } from "./prompt-diff";

describe("promptDiff", () => {
  it("marks one changed word as removed then added, the rest the same", () => {
    expect(promptDiff("a red fox in the snow", "a blue fox in the snow")).toEqual([
      { kind: "same", text: "a " },
      { kind: "removed", text: "red" },
      { kind: "added", text: "blue" },
      { kind: "same", text: " fox in the snow" },
    ]);
  });

  it("keeps punctuation apart from the words it follows", () => {
    const runs = promptDiff("a fox, running.", "a fox; running!");
    expect(runs.filter((r) => r.kind === "removed").map((r) => r.text)).toEqual([",", "."]);
    expect(runs.filter((r) => r.kind === "added").map((r) => r.text)).toEqual([";", "!"]);
    expect(runs[0]).toEqual({ kind: "same", text: "a fox" });
  });

  it("finds the one added repeat among repeated words", () => {
    const runs = promptDiff("very very bright", "very very very bright");
    expect(runs.filter((r) => r.kind === "added").map((r) => r.text.trim())).toEqual(["very"]);
    expect(runs.some((r) => r.kind === "removed")).toBe(false);
  });

  it("reads an added or removed word at either end", () => {
    expect(promptDiff("a fox", "a fox at dawn")).toEqual([
      { kind: "same", text: "a fox" },
      { kind: "added", text: " at dawn" },
    ]);
    expect(promptDiff("old photo of a fox", "photo of a fox")).toEqual([
      { kind: "removed", text: "old " },
      { kind: "same", text: "photo of a fox" },
    ]);
  });

  it("treats an empty or missing prompt as no words", () => {
    expect(promptDiff("", "")).toEqual([]);
    expect(promptDiff(null, undefined)).toEqual([]);
    expect(promptDiff("", "a fox")).toEqual([{ kind: "added", text: "a fox" }]);
    expect(promptDiff("a fox", null)).toEqual([{ kind: "removed", text: "a fox" }]);
  });

  it("does not report a change of spacing alone", () => {
    const runs = promptDiff("a  fox\n", "a fox");
    expect(samePrompt(runs)).toBe(true);
    expect(runs.map((r) => r.text).join("")).toBe("a fox");
  });

  it("rebuilds each prompt from its runs", () => {
    const before = "cinematic photo of a lighthouse, stormy sea, 35mm";
    const after = "cinematic painting of a lighthouse at night, calm sea";
    const runs = promptDiff(before, after);
    expect(
      runs
        .filter((r) => r.kind !== "removed")
        .map((r) => r.text)
        .join(""),
    ).toBe(after);
    expect(samePrompt(runs)).toBe(false);
  });
});
