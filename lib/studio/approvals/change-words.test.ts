import { describe, expect, it } from "vitest";
import { reviewerChangeWords, reviewersClosedWords } from "./change-words";
import type { ReviewerView, StageView } from "./views";

const reviewer = (over: Partial<ReviewerView>): ReviewerView => ({
  id: "r1",
  kind: "member",
  userId: "u1",
  name: "Bo Reviewer",
  isYou: false,
  decision: null,
  note: "",
  decidedAt: null,
  email: null,
  link: null,
  ...over,
});

const stage = (reviewers: ReviewerView[], state: StageView["state"] = "active"): StageView =>
  ({ position: 1, name: "Team", state, reviewers }) as StageView;

describe("reviewerChangeWords", () => {
  it("names the member who stops deciding, and settles a stage that waited only on them", () => {
    const bo = reviewer({});
    const ada = reviewer({ id: "r2", name: "Ada Reviewer", decision: "approve" });
    const words = reviewerChangeWords({ kind: "remove", reviewer: bo, stage: stage([ada, bo]) });
    expect(words.title).toBe("Remove Bo Reviewer from stage 1?");
    expect(words.confirmLabel).toBe("Remove Bo Reviewer");
    expect(words.lines).toEqual([
      "Bo Reviewer no longer decides in stage 1, and the request leaves their list to decide.",
      "Bo Reviewer has not decided in this round, so no decision is lost; one they gave in an earlier round stays on record.",
      "Everyone else in stage 1 has decided, so the stage is settled at once by their decisions.",
    ]);
    const waiting = reviewerChangeWords({
      kind: "remove",
      reviewer: bo,
      stage: stage([ada, bo], "waiting"),
    });
    expect(waiting.lines).toHaveLength(2);
  });

  it("says a guest's link stops working, removed or withdrawn, without the list's “(guest)”", () => {
    const cleo = reviewer({ kind: "guest", userId: null, name: "Cleo (guest)", link: "active" });
    const other = reviewer({ id: "r2", name: "Ada Reviewer" });
    const removed = reviewerChangeWords({ kind: "remove", reviewer: cleo, stage: stage([cleo, other]) });
    expect(removed.title).toBe("Remove Cleo from stage 1?");
    expect(removed.lines[0]).toBe(
      "Cleo’s link stops working at once: it no longer opens this request or takes a decision.",
    );
    const revoked = reviewerChangeWords({ kind: "revoke", reviewer: cleo, stage: stage([cleo, other]) });
    expect(revoked).toMatchObject({ title: "Withdraw Cleo’s link?", confirmLabel: "Withdraw link" });
    expect(revoked.lines[1]).toContain("make them a new link if they should still decide");
    const decided = reviewerChangeWords({
      kind: "revoke",
      reviewer: { ...cleo, decision: "approve" },
      stage: stage([cleo]),
    });
    expect(decided.lines[1]).toBe("The decision Cleo gave stays on record.");
  });
});

describe("reviewersClosedWords", () => {
  it("says why a finished request's reviewers stay as they are, and how to change them again", () => {
    expect(reviewersClosedWords("inReview")).toBeNull();
    expect(reviewersClosedWords("approved")).toBe(
      "This request is approved: who decides it can no longer be changed.",
    );
    expect(reviewersClosedWords("cancelled")).toContain("was cancelled");
    expect(reviewersClosedWords("changesRequested")).toBe(
      "This request is decided (changes requested): who decides can be changed again once you start a new round.",
    );
  });
});
