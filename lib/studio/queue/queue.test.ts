import { describe, expect, it } from "vitest";
import { pauseNotes } from "./queue";

describe("what the queue drawer says while a pause holds", () => {
  it("names who paused the team's queue and who can resume it, for each reader", () => {
    const byAda = { name: "Ada Lovelace", you: false };
    expect(pauseNotes({ mine: false, team: true, teamPausedBy: byAda, canResumeTeam: false }).team).toBe(
      "Ada Lovelace paused the whole team's queue. Nothing goes to the service until an owner resumes it; new tasks wait here.",
    );
    expect(pauseNotes({ mine: false, team: true, teamPausedBy: byAda, canResumeTeam: true }).team).toBe(
      "Ada Lovelace paused the whole team's queue. Nothing goes to the service until you or another owner resume it; new tasks wait here.",
    );
    expect(
      pauseNotes({ mine: false, team: true, teamPausedBy: { name: "Ada", you: true }, canResumeTeam: true })
        .team,
    ).toBe(
      "You paused the whole team's queue. Nothing goes to the service until you resume it; new tasks wait here.",
    );
    // A pause by a member who has since left.
    expect(
      pauseNotes({ mine: false, team: true, teamPausedBy: { name: "", you: false }, canResumeTeam: false })
        .team,
    ).toMatch(/^An owner paused the whole team's queue/);
  });

  it("says a member's own pause holds only their tasks, and outlasts the team's", () => {
    expect(pauseNotes({ mine: true, team: false, canResumeTeam: false })).toEqual({
      team: null,
      mine: "You paused your queue. Your tasks wait here until you resume it; your teammates' tasks still go out.",
    });
    expect(pauseNotes({ mine: true, team: true, teamPausedBy: null, canResumeTeam: false }).mine).toBe(
      "You paused your own queue too: your tasks keep waiting after the team resumes, until you resume yours.",
    );
    expect(pauseNotes({ mine: false, team: false, canResumeTeam: true })).toEqual({ team: null, mine: null });
  });
});
