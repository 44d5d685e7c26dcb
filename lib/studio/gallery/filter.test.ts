import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  isCalendarDay,
  menuFilterCount,
  parseGalleryFilter,
  serializeGalleryFilter,
} from "./filter";

const parse = (q: string) => parseGalleryFilter(new URLSearchParams(q));

describe("the gallery's filter in the URL", () => {
  it("reads every filter, repeatable ones as sorted lists", () => {
    const outcome = parse(
      "q=red fox&workflow=video&workflow=inpainting&model=runware:100@1&state=approved&rating=4&starred=1&kind=image&aspect=portrait&assignee=me&sort=rating&tag=Hero&from=2026-01-01&to=2026-02-01&cursor=abc",
    );
    expect(outcome).toEqual({
      ok: true,
      filter: {
        q: "red fox",
        workflow: ["inpainting", "video"],
        model: "runware:100@1",
        state: ["approved"],
        rating: 4,
        starred: true,
        kind: "image",
        aspect: "portrait",
        assignee: "me",
        sort: "rating",
        tag: "hero",
        from: "2026-01-01",
        to: "2026-02-01",
      },
    });
  });

  it("writes one canonical link for one view, whatever order it was built in", () => {
    const a = parse("state=rejected&q=owl&state=approved&sort=newest&workflow=video");
    const b = parse("workflow=video&state=approved&q=owl&state=rejected");
    if (!a.ok || !b.ok) throw new Error("not parsed");
    expect(serializeGalleryFilter(a.filter)).toBe("q=owl&workflow=video&state=approved&state=rejected");
    expect(serializeGalleryFilter(a.filter)).toBe(serializeGalleryFilter(b.filter));
    const again = parse(serializeGalleryFilter(a.filter));
    expect(again.ok && again.filter).toEqual(a.filter);
    expect(activeFilterCount(a.filter)).toBe(3);
  });

  it("treats empty values as absent", () => {
    expect(parse("q=&model=&state=")).toEqual({ ok: true, filter: {} });
  });

  it("names each bad parameter", () => {
    const outcome = parse(
      "rating=9&state=done&kind=gif&sort=best&from=2026-13-45&starred=yes&q=%00&board=x&model=a b",
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => e.parameter).sort()).toEqual(
      ["board", "from", "kind", "model", "q", "rating", "sort", "starred", "state"].sort(),
    );
    expect(outcome.errors.find((e) => e.parameter === "rating")).toMatchObject({
      code: "invalidRating",
      type: "string",
    });
    expect(parse("model=a&model=b")).toMatchObject({ ok: false, errors: [{ parameter: "model" }] });
    expect(parse("from=2026-02-02&to=2026-02-01")).toMatchObject({
      ok: false,
      errors: [{ parameter: "to" }],
    });
    expect(parse("q=a%01b")).toMatchObject({ ok: false, errors: [{ parameter: "q" }] });
  });
});

describe("the gallery's dates", () => {
  it.each([
    ["to", "2024-02-30"],
    ["to", "2023-02-29"],
    ["from", "2026-04-31"],
    ["from", "0000-01-01"],
    ["from", "2026-00-10"],
    ["to", "2026-01-00"],
    ["to", "+2026-01-01"],
    ["from", "2026-1-1"],
  ])("refuses the impossible day %s=%s, naming the parameter", (parameter, value) => {
    const outcome = parseGalleryFilter(new URLSearchParams({ [parameter]: value }));
    expect(outcome).toMatchObject({
      ok: false,
      errors: [{ parameter, code: `invalid${parameter[0]?.toUpperCase()}${parameter.slice(1)}` }],
    });
  });

  it("takes every day the calendar has, leap days and the first and last years included", () => {
    for (const d of ["2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01", "9999-12-31", "2026-04-30"])
      expect(isCalendarDay(d)).toBe(true);
    for (const d of ["1900-02-29", "2100-02-29", "2026-06-31", "2026-13-01"])
      expect(isCalendarDay(d)).toBe(false);
  });
});

describe("menuFilterCount", () => {
  it("counts what the folding menus set, not the search, the star or the order", () => {
    expect(menuFilterCount({ q: "fox", starred: true, sort: "oldest" })).toBe(0);
    expect(
      menuFilterCount({ q: "fox", model: "runware:100@1", state: ["approved"], from: "2026-01-01" }),
    ).toBe(3);
  });
});
