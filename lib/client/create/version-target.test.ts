import { describe, expect, it } from "vitest";
import { buildTask, parseExtraJson, valuesFromTask } from "./task-values";
import { versionKeys, versionTargetOf } from "./version-target";

describe("the version link of a Create page", () => {
  it("rides on the task as the studio's keys, the comment only when there is one", () => {
    expect(versionKeys({ itemId: "i", commentId: null })).toEqual({ versionOf: "i" });
    expect(versionKeys({ itemId: "i", commentId: "c" })).toEqual({ versionOf: "i", versionComment: "c" });
    expect(versionKeys(undefined)).toEqual({});
  });

  it("is read from the address New version opens", () => {
    expect(versionTargetOf(new URLSearchParams("recall=t&versionOf=i&versionComment=c"))).toEqual({
      itemId: "i",
      commentId: "c",
    });
    expect(versionTargetOf(new URLSearchParams("recall=t"))).toBeNull();
  });

  it("is the studio's: neither typed in the raw JSON nor recalled from a task", () => {
    expect(parseExtraJson('{"versionOf":"x"}').ok).toBe(false);
    expect(valuesFromTask({ positivePrompt: "p", versionOf: "x", versionComment: "c" })).toEqual({
      positivePrompt: "p",
    });
    expect(buildTask("imageInference", { positivePrompt: "p", versionOf: "x" })).not.toHaveProperty(
      "versionOf",
    );
  });
});
