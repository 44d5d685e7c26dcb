import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { promptEnhanceSchema } from "@/lib/protocol/utility-tasks";
import { VIDEO_LIMITS } from "@/lib/protocol/video-inference";
import { canEnhance, distinctVersions, ENHANCE_VERSIONS, enhanceTask } from "./enhance";

const TASK_UUID = "6f1c1a43-5f5e-4c8e-9d3f-2a7b1c0d9e8f";

describe("enhanceTask", () => {
  it.each([
    ["image prompt", IMAGE_LIMITS.positivePrompt.max],
    ["video prompt", VIDEO_LIMITS.positivePrompt.max],
    ["a field shorter than the task's cap", 200],
  ])("makes a task the contract accepts for the %s", (_, fieldMax) => {
    const task = { ...enhanceTask("a lighthouse on a cliff", fieldMax), taskUUID: TASK_UUID };
    expect(promptEnhanceSchema.safeParse(task).success).toBe(true);
  });

  it("keeps the field's own limit when it is the smaller one", () => {
    expect(enhanceTask("a fox", 200).promptMaxLength).toBe(200);
  });

  it("asks for several versions", () => {
    expect(ENHANCE_VERSIONS).toBeGreaterThan(1);
    expect(enhanceTask("a fox", 3000).promptVersions).toBe(ENHANCE_VERSIONS);
  });
});

describe("canEnhance", () => {
  it("follows the task's prompt bounds", () => {
    expect(canEnhance("a")).toBe(false);
    expect(canEnhance("  a  ")).toBe(false);
    expect(canEnhance("ab")).toBe(true);
    expect(canEnhance("a".repeat(3001))).toBe(false);
  });
});

describe("distinctVersions", () => {
  it("drops blanks, repeats and the prompt itself", () => {
    const answers = [{ text: "a fox, golden hour" }, { text: "a fox" }, { text: "a fox, golden hour " }, {}];
    expect(distinctVersions(answers, "a fox")).toEqual(["a fox, golden hour"]);
  });
});
