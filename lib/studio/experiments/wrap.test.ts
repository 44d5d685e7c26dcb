import { describe, expect, it } from "vitest";
import { fitLines, wrapWords } from "./wrap";

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

  it("wraps by what a line measures when told, not by its characters", () => {
    // Wide letters: "m" three units, the rest one.
    const measure = (s: string) => Array.from(s).reduce((w, c) => w + (c === "m" ? 3 : 1), 0);
    expect(wrapWords("mmm aa mm", 9, measure)).toEqual(["mmm", "aa mm"]);
    expect(wrapWords("mmm aa mm", 9, measure).every((l) => measure(l) <= 9)).toBe(true);
  });
});

describe("fitting a label to its room", () => {
  const PROMPT = "…a red dragon flying over a misty mountain lake at dawn";

  it("keeps a label whole when it wraps onto its lines", () => {
    expect(fitLines(PROMPT, 30, 2)).toBe(PROMPT);
    expect(fitLines("a fox", 3, 2)).toBe("a fox");
  });

  it("cuts the middle only when two lines are not enough, keeping both ends and filling the room", () => {
    const fitted = fitLines(PROMPT, 20, 2);
    expect(fitted).toContain("…");
    expect(fitted.startsWith("…a red dragon")).toBe(true);
    expect(fitted.endsWith("at dawn")).toBe(true);
    expect(wrapWords(fitted, 20).length).toBeLessThanOrEqual(2);
    // One character more of the prompt no longer fits: the room is used, not left empty.
    const kept = Array.from(fitted).length - 1;
    const chars = Array.from(PROMPT);
    const more = `${chars
      .slice(0, Math.ceil((kept + 1) / 2))
      .join("")
      .trimEnd()}…${chars
      .slice(chars.length - Math.floor((kept + 1) / 2))
      .join("")
      .trimStart()}`;
    expect(wrapWords(more, 20).length).toBeGreaterThan(2);
  });

  it("fits any text to any room over random cases", () => {
    const words = ["a", "castle", "on", "hill", "supercalifragilistic", "at", "night", "…under", "sky"];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 300; i++) {
      const text = Array.from(
        { length: 1 + Math.floor(next() * 14) },
        () => words[Math.floor(next() * words.length)],
      ).join(" ");
      const width = 4 + Math.floor(next() * 30);
      const lines = 1 + Math.floor(next() * 2);
      const fitted = fitLines(text, width, lines);
      expect(wrapWords(fitted, width).length, `${text} in ${lines}x${width}`).toBeLessThanOrEqual(lines);
      if (wrapWords(text, width).length <= lines) expect(fitted).toBe(text);
    }
  });
});
