import { describe, expect, it, vi } from "vitest";

// The Route Handlers are bundled apart from server.ts, so one process can load this module (and
// prom-client) twice. Both copies must hand out the one registry that GET /metrics reads, or a task
// counted by a route would never be scraped.

type MetricsModule = typeof import("./metrics");

async function freshCopy(): Promise<MetricsModule> {
  vi.resetModules();
  return await import("./metrics");
}

describe("the studio's metrics across copies of the module", () => {
  it("are one registry, whichever copy asks first", async () => {
    const first = await freshCopy();
    const second = await freshCopy();
    // Two evaluations of the module, not one cached twice: a fresh registry from each differs.
    expect(second.createMetrics).not.toBe(first.createMetrics);

    expect(second.studioMetrics()).toBe(first.studioMetrics());
    expect(second.studioMetrics().registry).toBe(first.studioMetrics().registry);
  });

  it("read through one copy what was counted through the other", async () => {
    const counting = await freshCopy();
    const scraping = await freshCopy();
    counting.studioMetrics().tasksSent.inc({ type: "singletonProbe" }, 3);

    const answer = await scraping.metricsAnswer(scraping.studioMetrics(), "token", "Bearer token");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('studio_tasks_sent_total{type="singletonProbe"} 3');
  });
});
