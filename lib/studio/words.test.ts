import { describe, expect, it } from "vitest";
import { plural } from "./words";

describe("counting in words", () => {
  it("says one of a thing, and many of the rest", () => {
    expect(plural(1, "task")).toBe("1 task");
    expect(plural(0, "task")).toBe("0 tasks");
    expect(plural(18, "image")).toBe("18 images");
    expect(plural(1, "loss", "losses")).toBe("1 loss");
    expect(plural(2, "loss", "losses")).toBe("2 losses");
  });
});
