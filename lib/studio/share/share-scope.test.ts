import { describe, expect, it } from "vitest";
import { MEMBER_SCOPE, scopeRules, type ViewerScope } from "./share-scope";

const guest = (allowComments: boolean, showParams: boolean): ViewerScope => ({
  kind: "guest",
  allowComments,
  showParams,
});

describe("what each viewer scope shows", () => {
  it("shows a member everything the team has: review, history, links, team threads, mentions", () => {
    const rules = scopeRules(MEMBER_SCOPE);
    expect(rules.facts).toEqual(["madeBy", "made", "size", "length", "seed", "cost", "notDrawn"]);
    expect(rules).toMatchObject({
      prompt: true,
      review: true,
      history: true,
      studioLinks: true,
      comments: "team",
      askName: false,
      mentions: true,
      threadActions: true,
      layout: "tabs",
    });
  });

  it("shows a guest no team-only fact, control, thread, mention or link into the studio", () => {
    for (const scope of [guest(true, true), guest(true, false), guest(false, true), guest(false, false)]) {
      const rules = scopeRules(scope);
      expect(rules.facts).toEqual(["made", "size", "length"]);
      expect(rules.facts).not.toContain("madeBy");
      expect(rules.facts).not.toContain("cost");
      expect(rules).toMatchObject({
        review: false,
        history: false,
        studioLinks: false,
        mentions: false,
        threadActions: false,
        askName: true,
        layout: "stacked",
      });
      expect(rules.comments).not.toBe("team");
    }
  });

  it("gives a guest their own comments only when the link takes them, and the prompt only when it shows it", () => {
    expect(scopeRules(guest(true, false)).comments).toBe("guest");
    expect(scopeRules(guest(false, false)).comments).toBe("none");
    expect(scopeRules(guest(false, true)).prompt).toBe(true);
    expect(scopeRules(guest(false, false)).prompt).toBe(false);
  });

  it("hides the same plumbing settings from both, and speaks to a guest in a guest's words", () => {
    for (const key of [
      "taskType",
      "taskUUID",
      "positivePrompt",
      "webhookURL",
      "deliveryMethod",
      "includeCost",
    ]) {
      expect(scopeRules(MEMBER_SCOPE).hiddenParams.has(key)).toBe(true);
      expect(scopeRules(guest(true, true)).hiddenParams.has(key)).toBe(true);
    }
    expect(scopeRules(guest(true, true)).words).toEqual({
      note: "Only the team reads what you write here; their replies to you appear below it.",
      placeholder: "Add a comment…",
      submit: "Post comment",
    });
    expect(scopeRules(MEMBER_SCOPE).words.note).toBeNull();
    expect(scopeRules(MEMBER_SCOPE).words.placeholder).toContain("@");
  });
});
