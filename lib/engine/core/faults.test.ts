import { describe, expect, it } from "vitest";
import { parseEngineConfig } from "../config";
import { FaultInjector, parseFaultMarkers, parseFaultRule } from "./faults";

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

  it("fails a task n runs with the code named, fails one result of several, and lags getResponse", () => {
    const faults = new FaultInjector(
      parseFaultMarkers("[busy]=rateLimitExceeded*2, [second refused]=nsfwContentDetected@1, [slow]=lag500"),
    );
    const busy: { positivePrompt: string; CFGScale: number; taskUUID: string } = {
      positivePrompt: "a crow [busy]",
      CFGScale: 3,
      taskUUID: "a",
    };
    expect(faults.failureFor(busy)).toMatchObject({ code: "rateLimitExceeded" });
    // Another task with the same prompt (another CFG) runs; the first, sent again, fails again.
    const [otherCfg, again, third] = [
      { ...busy, CFGScale: 7, taskUUID: "b" },
      { ...busy, taskUUID: "c" },
      { ...busy, taskUUID: "d" },
    ];
    expect(faults.failureFor(otherCfg)).toBeNull();
    expect(faults.failureFor(again)).toMatchObject({ code: "rateLimitExceeded" });
    expect(faults.failureFor(third)).toBeNull();
    const partial = { positivePrompt: "three crows [second refused]" };
    expect(faults.failureFor(partial)).toBeNull();
    expect([0, 1, 2].map((i) => faults.slotFailureFor(partial, i)?.code ?? null)).toEqual([
      null,
      "nsfwContentDetected",
      null,
    ]);
    expect(faults.unknownYet({ positivePrompt: "a crow [slow]" }, 100)).toBe(true);
    expect(faults.unknownYet({ positivePrompt: "a crow [slow]" }, 600)).toBe(false);
    expect(faults.unknownYet({ positivePrompt: "a crow" }, 100)).toBe(false);
  });

  it("holds a task whose prompt has a held marker, and no other", () => {
    const faults = new FaultInjector(parseFaultMarkers("[waits]=held"));
    expect(parseFaultRule("[waits]=held")).toEqual({ marker: "[waits]", kind: "held" });
    expect(faults.holds({ positivePrompt: "a crow [waits] 12" })).toBe(true);
    expect(faults.holds({ positivePrompt: "a crow" })).toBe(false);
    expect(faults.failureFor({ positivePrompt: "a crow [waits] 12" })).toBeNull();
  });

  it("refuses a rule it cannot read, naming ENGINE_FAULTS", () => {
    expect(() => parseFaultRule("[x]=sometimes maybe")).toThrow(/ENGINE_FAULTS/);
    expect(() => parseEngineConfig({ ENGINE_FAULTS: "[x]=lag-5" })).toThrow(/ENGINE_FAULTS/);
  });
});
