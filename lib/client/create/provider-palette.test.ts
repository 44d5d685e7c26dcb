import { describe, expect, it } from "vitest";
import { expandHex, isDescending, paletteModes, sortByWeight } from "./provider-palette";

describe("colour palette helpers", () => {
  it("expands short hex colours for the colour input", () => {
    expect(expandHex("#AbC")).toBe("#aabbcc");
    expect(expandHex("#112233")).toBe("#112233");
    expect(expandHex("#12")).toBeNull();
    expect(expandHex(undefined)).toBeNull();
  });

  it("shows the editor that holds a value, else the chosen one", () => {
    expect(paletteModes({ name: "EMBER" }, "none")).toEqual(["name"]);
    expect(paletteModes({ members: [{ colorHex: "#fff" }] }, "name")).toEqual(["members"]);
    expect(paletteModes({ name: "EMBER", members: [{ colorHex: "#fff" }] }, "none")).toEqual([
      "name",
      "members",
    ]);
    expect(paletteModes(undefined, "members")).toEqual(["members"]);
    expect(paletteModes({ members: [], name: "" }, "none")).toEqual(["none"]);
  });

  it("orders members heaviest first, unweighted ones last", () => {
    const a = { colorHex: "#a00", colorWeight: 0.2 };
    const b = { colorHex: "#0b0" };
    const c = { colorHex: "#00c", colorWeight: 0.9 };
    expect(sortByWeight([a, b, c])).toEqual([c, a, b]);
    expect(isDescending([a, b, c])).toBe(false);
    expect(isDescending(sortByWeight([a, b, c]))).toBe(true);
  });
});
