import { describe, expect, it } from "vitest";
import { isListedScheduler, SCHEDULERS, schedulerLabel } from "./schedulers";

describe("schedulers", () => {
  it("offers each name once, each with its own words", () => {
    expect(new Set(SCHEDULERS.map((s) => s.value)).size).toBe(SCHEDULERS.length);
    expect(new Set(SCHEDULERS.map((s) => s.label)).size).toBe(SCHEDULERS.length);
  });

  it("knows listed names and leaves others to be typed", () => {
    expect(isListedScheduler("")).toBe(true);
    expect(isListedScheduler("EulerAncestralDiscreteScheduler")).toBe(true);
    expect(isListedScheduler("MyOwnScheduler")).toBe(false);
    expect(schedulerLabel("EulerAncestralDiscreteScheduler")).toBe("Euler Ancestral");
    expect(schedulerLabel("MyOwnScheduler")).toBe("MyOwnScheduler");
  });
});
