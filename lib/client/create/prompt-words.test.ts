import { describe, expect, it } from "vitest";
import { promptForPeople } from "./prompt-words";

describe("a prompt as people read it", () => {
  it("reads the no-prompt token as No prompt, and no prompt as none", () => {
    expect(promptForPeople("__BLANK__")).toBe("No prompt");
    expect(promptForPeople("a cat")).toBe("a cat");
    expect(promptForPeople(null)).toBeNull();
    expect(promptForPeople("")).toBeNull();
  });
});
