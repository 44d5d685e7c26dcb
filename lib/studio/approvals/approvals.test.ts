import { describe, expect, it } from "vitest";
import { badgeText, dueText, isOverdue } from "./approvals";

const NOW = new Date("2026-11-29T12:00:00Z");

describe("a review request in words", () => {
  it("says a card's outcome: the stage while in review, overdue above all, the decision after", () => {
    const base = { requestId: "r", stage: 2, stageCount: 2, overdue: false };
    expect(badgeText({ ...base, status: "inReview" })).toBe("In review — stage 2 of 2");
    expect(badgeText({ ...base, status: "inReview", stageCount: 1, stage: 1 })).toBe("In review");
    expect(badgeText({ ...base, status: "inReview", overdue: true })).toBe("Overdue");
    expect(badgeText({ ...base, status: "changesRequested" })).toBe("Changes requested");
    expect(badgeText({ ...base, status: "approved" })).toBe("Approved");
  });

  it("says a due date against today, overdue in days", () => {
    expect(dueText(null, NOW)).toBe("No due date");
    expect(dueText("2026-11-29T18:00:00Z", NOW)).toBe("Due today (29 Nov 2026)");
    expect(dueText("2026-11-30T18:00:00Z", NOW)).toBe("Due tomorrow (30 Nov 2026)");
    expect(dueText("2026-12-04T09:00:00Z", NOW)).toBe("Due in 5 days (4 Dec 2026)");
    expect(dueText("2026-11-29T08:00:00Z", NOW)).toBe("Overdue since today (29 Nov 2026)");
    expect(dueText("2026-11-26T08:00:00Z", NOW)).toBe("Overdue by 3 days (26 Nov 2026)");
    expect(dueText("2026-11-26T08:00:00Z", NOW, false)).toBe("Was due 26 Nov 2026");
    expect(isOverdue("2026-11-26T08:00:00Z", "approved", NOW)).toBe(false);
    expect(isOverdue("2026-11-26T08:00:00Z", "inReview", NOW)).toBe(true);
  });
});
