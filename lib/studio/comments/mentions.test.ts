import { describe, expect, it } from "vitest";
import { maskMentions, mentionedMembers, mentionQueryAt } from "./mentions";

const ada = { id: "u1", name: "Ada" };
const adaL = { id: "u2", name: "Ada Lovelace" };
const bo = { id: "u3", name: "Bo" };

describe("mentions", () => {
  it("finds members named with @, the longest name first, each once", () => {
    expect(mentionedMembers("@Ada Lovelace and @bo, look. @Ada too; @ada again", [ada, adaL, bo])).toEqual([
      adaL,
      bo,
      ada,
    ]);
  });

  it("ignores an @ inside a word, a name that runs on, and unknown names", () => {
    expect(mentionedMembers("mail ada@example.com", [ada])).toEqual([]);
    expect(mentionedMembers("@Adam is not Ada", [ada])).toEqual([]);
    expect(mentionedMembers("@Nobody here", [ada, bo])).toEqual([]);
    expect(mentionedMembers("(@Bo)", [bo])).toEqual([bo]);
  });

  it("masks every member named with @, the longest name, and leaves the rest", () => {
    expect(
      maskMentions("@Ada Lovelace and @bo, look. mail ada@example.com, @Adam", [ada, adaL, bo], "@team"),
    ).toBe("@team and @team, look. mail ada@example.com, @Adam");
    expect(maskMentions("no one here", [ada], "@team")).toBe("no one here");
  });

  it("tells the name being typed at the caret", () => {
    expect(mentionQueryAt("hello @Ad", 9)).toEqual({ start: 6, query: "Ad" });
    expect(mentionQueryAt("hello @Ada Lo", 13)).toEqual({ start: 6, query: "Ada Lo" });
    expect(mentionQueryAt("mail a@b", 8)).toBeNull();
    expect(mentionQueryAt("no mention", 5)).toBeNull();
  });
});
