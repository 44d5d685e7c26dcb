import { describe, expect, it } from "vitest";
import { FaultInjector, parseFaultMarkers } from "./faults";

describe("fault injection", () => {
  it("is off without markers", () => {
    const faults = new FaultInjector(parseFaultMarkers(undefined));
    expect(faults.enabled).toBe(false);
    expect(faults.failureFor({ positivePrompt: "anything at all" })).toBeNull();
  });

  it("fails a prompt holding a marker once, in the contract's error shape, then lets it run", () => {
    const faults = new FaultInjector(parseFaultMarkers(" [fail-once] , other "));
    const error = faults.failureFor({ positivePrompt: "a fox [fail-once] 42" });
    expect(error).toMatchObject({ code: "internalServerError", message: expect.stringMatching(/Try again/) });
    expect(faults.failureFor({ positivePrompt: "a fox [fail-once] 42" })).toBeNull();
    // Another prompt with the marker fails its own first run; one without it never does.
    expect(faults.failureFor({ positivePrompt: "an owl [fail-once] 7" })).not.toBeNull();
    expect(faults.failureFor({ positivePrompt: "an owl" })).toBeNull();
    expect(faults.failureFor({})).toBeNull();
  });
});
