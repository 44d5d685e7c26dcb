import { describe, expect, it } from "vitest";
import { LABEL_LINES, labelRoom, ROW_HEAD, rowHeadWidth, rowLabelLines } from "./label-room";
import { fitLines, wrapWords } from "./wrap";

/** 7 px a character, as 12 px type averages. */
const measure = (s: string) => s.length * 7;
const LONG = "…a red dragon flying over a misty mountain lake at dawn";

describe("the room of a label in the grid", () => {
  it("is all the width its header leaves beside the pin, the re-run and their padding", () => {
    // A 200 px column: 4 px padding a side, each button 22 px and 4 px from its neighbour.
    expect(labelRoom(200, true)).toBe(200 - 8 - 2 * (22 + 4));
    expect(labelRoom(200, false)).toBe(200 - 8 - (22 + 4));
  });

  it("holds a label whole that fits it on two lines, though a hair narrower would not", () => {
    // 139.6 px of words on the first line, as Inter draws "a red quillfox…" with a wide last word.
    const drawn = (s: string) => (s === "a red quillfoxmx3p0nm0" ? 139.6 : s.length * 5);
    const label = "a red quillfoxmx3p0nm0 in a snowy forest";
    expect(fitLines(label, labelRoom(200, true), LABEL_LINES, drawn)).toBe(label);
  });
});

describe("the room of the grid's row labels", () => {
  it("takes the longest label's width on one line when the frame has it beside the cells", () => {
    const width = rowHeadWidth({
      labels: ["…at night", LONG],
      measure,
      canRun: true,
      available: 1200,
      cells: 3 * 208,
    });
    expect(width).toBe(Math.min(ROW_HEAD.max, measure(LONG) + (width - labelRoom(width, true))));
    expect(fitLines(LONG, labelRoom(width, true), LABEL_LINES, measure)).toBe(LONG);
  });

  it("uses the room beside the cells, not a fixed narrow column: a long label wraps whole instead of being cut", () => {
    // Before: a 192 px column cut this label while half the frame stood empty.
    const width = rowHeadWidth({ labels: [LONG], measure, canRun: true, available: 1100, cells: 3 * 208 });
    expect(width).toBeGreaterThan(192);
    const shown = fitLines(LONG, labelRoom(width, true), LABEL_LINES, measure);
    expect(shown).toBe(LONG);
    expect(wrapWords(shown, labelRoom(width, true), measure).length).toBeLessThanOrEqual(LABEL_LINES);
  });

  it("keeps a readable column when the cells take the whole frame, and cuts the middle there only", () => {
    const width = rowHeadWidth({ labels: [LONG], measure, canRun: true, available: 900, cells: 8 * 208 });
    expect(width).toBe(ROW_HEAD.min);
    const shown = fitLines(LONG, labelRoom(width, true), LABEL_LINES, measure);
    expect(shown).toMatch(/^…a red.*….*dawn$/);
  });

  it("is as narrow as its bounds allow for short labels", () => {
    expect(
      rowHeadWidth({ labels: ["Seed 1", "Seed 2"], measure, canRun: false, available: 1200, cells: 416 }),
    ).toBe(ROW_HEAD.min);
  });

  it("lets a tall row's label take four lines before it is cut, a small row's two", () => {
    expect(rowLabelLines(128)).toBe(2);
    expect(rowLabelLines(200)).toBe(4);
    const room = labelRoom(ROW_HEAD.min, true);
    expect(fitLines(LONG, room, rowLabelLines(200), measure)).toBe(LONG);
    expect(fitLines(LONG, room, rowLabelLines(128), measure)).not.toBe(LONG);
  });
});
