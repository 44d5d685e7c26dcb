import { describe, expect, it } from "vitest";
import { budgetWords } from "./budget-words";

describe("budget words", () => {
  const room = { scope: "member" as const, usd: 0.01, left: 0.0045, tasks: 5, fit: 3 };

  it("says what is left and how many of a sweep's cells fit", () => {
    expect(budgetWords(room, "cell")).toEqual({
      text: "$0.0045 left of your monthly budget: 3 of 5 cells fit, the other 2 would be refused",
      short: true,
    });
  });

  it("names the team's budget, and says plainly when nothing fits", () => {
    expect(budgetWords({ ...room, scope: "team", fit: 0 }, "cell").text).toBe(
      "$0.0045 left of the team's monthly budget: none of the 5 cells fit",
    );
    expect(budgetWords({ ...room, tasks: 1, fit: 0 }, "task").text).toBe(
      "$0.0045 left of your monthly budget: not enough for this task, which would be refused",
    );
  });

  it("only says what is left when everything fits", () => {
    expect(budgetWords({ ...room, left: 12.5, fit: 5 }, "cell")).toEqual({
      text: "$12.50 left of your monthly budget",
      short: false,
    });
  });
});
