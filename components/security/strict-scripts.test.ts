// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";

const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

describe("the page's strict script policy", () => {
  beforeEach(() => {
    vi.resetModules();
    // Zod keeps the settings object it found first; a test starts with compiled parsers on.
    if (holder.__zod_globalConfig) holder.__zod_globalConfig.jitless = false;
  });

  it("turns zod's compiled parsers off for a zod loaded after it", async () => {
    await import("./strict-scripts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: "Ada" })).toEqual({ name: "Ada" });
  });

  it("turns them off for a zod that was loaded first", async () => {
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(false);
    await import("./strict-scripts");
    expect(z.config().jitless).toBe(true);
  });
});
