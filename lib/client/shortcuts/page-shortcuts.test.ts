import { describe, expect, it } from "vitest";
import { shortcutsFor } from "./page-shortcuts";

const actions = (pathname: string) => shortcutsFor(pathname).map((s) => s.action);

describe("shortcutsFor", () => {
  it("offers only what works everywhere outside the Create forms", () => {
    for (const path of ["/", "/settings", "/experiments", "/create"]) {
      expect(actions(path)).toEqual(["Show these shortcuts", "Close a dialog or drawer"]);
    }
  });

  it("lists a Create form's shortcuts, without the canvas's", () => {
    const list = actions("/create/text-to-image");
    expect(list).toContain("Generate");
    expect(list).toContain("Show these shortcuts");
    expect(list).toContain("Close a dialog or drawer");
    expect(list.some((a) => a.startsWith("Canvas:"))).toBe(false);
  });

  it("lists the canvas's own keys on the canvas and on the pages that are the canvas", () => {
    for (const path of ["/create/canvas", "/create/inpainting", "/create/outpainting"]) {
      const list = actions(path);
      expect(list).toContain("Canvas: erase back to the original");
      expect(list).toContain("Show these shortcuts");
    }
  });

  it("lists the gallery grid's keys on the gallery", () => {
    const list = actions("/gallery");
    expect(list).toContain("Gallery: open the card");
    expect(list).toContain("Show these shortcuts");
    expect(list).not.toContain("Generate");
  });

  it("treats an unknown workflow as any other page", () => {
    expect(actions("/create/no-such-workflow")).not.toContain("Generate");
  });
});
