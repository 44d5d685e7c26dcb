import { describe, expect, it } from "vitest";
import { snapNote } from "./snap-note";

const bounds = { min: 0, max: 448, multipleOf: 64 };

describe("snapNote", () => {
  it("says what was changed and why", () => {
    expect(snapNote("Top", 5000, 448, bounds)).toBe("Top set to 448, the largest allowed.");
    expect(snapNote("Top", -64, 0, bounds)).toBe("Top set to 0, the smallest allowed.");
    expect(snapNote("Top", 100, 128, bounds)).toBe("Top set to 128, the nearest multiple of 64.");
  });

  it("says nothing of a number that was kept", () => {
    expect(snapNote("Top", 128, 128, bounds)).toBeNull();
  });
});
