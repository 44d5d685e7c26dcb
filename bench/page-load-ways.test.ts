import { describe, expect, it } from "vitest";
import { RESET_STEPS } from "../e2e/fixtures/reused-context";
import { stateOf, stepsOf } from "./page-load-ways";

describe("stepsOf", () => {
  it("runs every step of the reset for `reset`", () => {
    expect(stepsOf("reset")).toEqual([...RESET_STEPS]);
  });

  it("runs only the named steps for `reset:a+b`", () => {
    expect(stepsOf("reset:leave+storage")).toEqual(["leave", "storage"]);
  });

  it("runs every step but the named ones for `reset-but:a+b`", () => {
    expect(stepsOf("reset-but:leave")).toEqual(RESET_STEPS.filter((step) => step !== "leave"));
  });

  it("names the steps there are when one is not", () => {
    expect(() => stepsOf("reset:leave+nap")).toThrow(/no reset step nap: leave, routes/);
  });

  it("names the ways there are when a way is not", () => {
    expect(() => stepsOf("warm")).toThrow(/no way warm: fresh, new-page/);
  });
});

describe("stateOf", () => {
  it("makes the session cookie the storage state of the site's host", () => {
    const state = stateOf({ origin: "http://127.0.0.1:3110", cookie: "a=1; b=x=y" });
    expect(state.origins).toEqual([]);
    expect(state.cookies.map(({ name, value, domain }) => ({ name, value, domain }))).toEqual([
      { name: "a", value: "1", domain: "127.0.0.1" },
      { name: "b", value: "x=y", domain: "127.0.0.1" },
    ]);
  });
});
