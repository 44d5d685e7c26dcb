import { describe, expect, it } from "vitest";
import { rereadEvery } from "./use-task-views";

describe("how often a sent task is read again", () => {
  it("never once it has ended, whatever the relay", () => {
    for (const status of ["success", "error"] as const) {
      expect(rereadEvery(true, { status })).toBe(false);
      expect(rereadEvery(false, { status })).toBe(false);
    }
  });

  it("often while the relay is down, and still now and then while it is up", () => {
    for (const status of ["queued", "processing"] as const) {
      const down = rereadEvery(false, { status });
      const up = rereadEvery(true, { status });
      expect(down).toBeGreaterThan(0);
      expect(up).toBeGreaterThan(down as number);
    }
  });
});
