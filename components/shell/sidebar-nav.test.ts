import { describe, expect, it } from "vitest";
import { isActivePath, sectionOf } from "./sidebar-nav";

describe("the section the navigation highlights", () => {
  it("keeps an experiment's cell, opened in the viewer, under Experiments", () => {
    const cell = sectionOf("/gallery/item/abc", new URLSearchParams("experiment=e1"));
    expect(isActivePath(cell, "/experiments")).toBe(true);
    expect(isActivePath(cell, "/gallery")).toBe(false);
  });

  it("leaves the gallery's own viewer and every other page where they are", () => {
    const item = sectionOf("/gallery/item/abc", new URLSearchParams("q=fox"));
    expect(isActivePath(item, "/gallery")).toBe(true);
    expect(sectionOf("/create/inpainting", new URLSearchParams("experiment=e1"))).toBe("/create/inpainting");
  });
});
