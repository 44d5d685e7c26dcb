import { describe, expect, it } from "vitest";
import { groupPromptRuns, isEdit, promptSimilarity, promptWords } from "./grouping";

const run = (n: number, prompt: string, authorId = "ada") => ({
  taskUUID: `t${n}`,
  authorId,
  prompt,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});

describe("prompt similarity", () => {
  it("compares words, not case or punctuation", () => {
    expect([...promptWords("A red Fox, in snow!")]).toEqual(["a", "red", "fox", "in", "snow"]);
    expect(promptSimilarity("a red fox", "A red fox.")).toBe(1);
  });

  it("is the share of words in common (Jaccard)", () => {
    expect(promptSimilarity("a red fox", "a blue fox")).toBeCloseTo(2 / 4);
    expect(promptSimilarity("a red fox", "city at night")).toBe(0);
    expect(promptSimilarity("", "")).toBe(1);
  });

  it("calls half the words shared an edit", () => {
    expect(isEdit("a red fox", "a blue fox")).toBe(true);
    expect(isEdit("a red fox in snow", "a lighthouse at dusk")).toBe(false);
  });
});

describe("grouping runs into chains of edits", () => {
  it("chains consecutive edits of one member, oldest version first", () => {
    const chains = groupPromptRuns([
      run(3, "a red fox in a snowy pine forest, watercolor"),
      run(1, "a red fox in a snowy forest"),
      run(2, "a red fox in a snowy pine forest"),
    ]);
    expect(chains).toHaveLength(1);
    expect(chains[0]?.versions.map((v) => v.prompt)).toEqual([
      "a red fox in a snowy forest",
      "a red fox in a snowy pine forest",
      "a red fox in a snowy pine forest, watercolor",
    ]);
    expect(chains[0]?.id).toBe("t1");
  });

  it("keeps runs of the same prompt as one version, newest run first", () => {
    const chains = groupPromptRuns([run(1, "a red fox"), run(2, "a red  fox "), run(3, "a red fox")]);
    expect(chains).toHaveLength(1);
    expect(chains[0]?.versions).toHaveLength(1);
    expect(chains[0]?.versions[0]?.runs.map((r) => r.taskUUID)).toEqual(["t3", "t2", "t1"]);
  });

  it("starts a new chain when the prompt is something else, newest chain first", () => {
    const chains = groupPromptRuns([
      run(1, "a red fox in snow"),
      run(2, "a red fox in deep snow"),
      run(3, "a lighthouse on a cliff at dusk"),
      run(4, "a lighthouse on a cliff at dawn"),
    ]);
    expect(chains.map((c) => c.versions.length)).toEqual([2, 2]);
    expect(chains[0]?.versions[0]?.prompt).toBe("a lighthouse on a cliff at dusk");
  });

  it("follows each member's own chain when members interleave", () => {
    const chains = groupPromptRuns([
      run(1, "a red fox in snow", "ada"),
      run(2, "a castle in the clouds", "bob"),
      run(3, "a red fox in deep snow", "ada"),
      run(4, "a castle in the low clouds", "bob"),
    ]);
    expect(chains).toHaveLength(2);
    expect(chains.map((c) => [c.authorId, c.versions.length])).toEqual([
      ["bob", 2],
      ["ada", 2],
    ]);
  });

  it("does not join a chain back after it moved on", () => {
    const chains = groupPromptRuns([
      run(1, "a red fox in snow"),
      run(2, "a lighthouse at dusk"),
      run(3, "a red fox in snow"),
    ]);
    expect(chains).toHaveLength(3);
  });
});
