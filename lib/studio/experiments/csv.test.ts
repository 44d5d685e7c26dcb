import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("CSV export", () => {
  it("quotes what needs quoting and keeps numbers as numbers", () => {
    expect(
      toCsv(
        ["prompt", "cfg", "cost", "ok"],
        [
          ['a fox, "quoted"', 7, 0.0013, true],
          ["line\nbreak", -1.5, null, false],
          [" padded", 0, undefined, true],
        ],
      ),
    ).toBe(
      'prompt,cfg,cost,ok\r\n"a fox, ""quoted""",7,0.0013,true\r\n"line\nbreak",-1.5,,false\r\n" padded",0,,true\r\n',
    );
  });

  it("opens text that looks like a formula as text", () => {
    expect(toCsv(["p"], [['=HYPERLINK("x")'], ["+1"], ["-cmd"], ["@SUM(A1)"], ["plain"]])).toBe(
      'p\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-cmd\r\n\'@SUM(A1)\r\nplain\r\n',
    );
  });

  it("leaves a cell empty for a number that is not finite", () => {
    expect(toCsv(["n"], [[Number.NaN], [Number.POSITIVE_INFINITY]])).toBe("n\r\n\r\n\r\n");
  });
});
