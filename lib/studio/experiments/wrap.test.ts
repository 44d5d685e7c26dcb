import { describe, expect, it } from "vitest";
import { wrapWords } from "./wrap";

describe("wrapping a label onto lines", () => {
  it("breaks at spaces and keeps every word, the last ones included", () => {
    const lines = wrapWords("a castle on a hill under a stormy sky", 19);
    expect(lines).toEqual(["a castle on a hill", "under a stormy sky"]);
    expect(lines.join(" ")).toBe("a castle on a hill under a stormy sky");
    expect(lines.every((l) => l.length <= 19)).toBe(true);
  });

  it("splits a word longer than a line, and gives nothing for no text", () => {
    expect(wrapWords("supercalifragilistic fox", 8)).toEqual(["supercal", "ifragili", "stic fox"]);
    expect(wrapWords("", 10)).toEqual([]);
  });
});
