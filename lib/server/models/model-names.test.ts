import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "@/lib/engine";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream";
import { ModelNames } from "./model-names";

let harness: Harness;
let upstream: UpstreamClient;
let asked = 0;

beforeAll(async () => {
  harness = await startHarness();
  const client = createUpstreamClient({ httpUrl: harness.url, wsUrl: harness.wsUrl, apiKey: harness.key });
  upstream = {
    ...client,
    request: (tasks, options) => {
      asked += tasks.length;
      return client.request(tasks, options);
    },
  };
});

afterAll(async () => {
  await upstream.close();
  await harness.close();
});

describe("model names for server-rendered pages", () => {
  it("names the models the service lists and leaves out those it does not", async () => {
    const names = await new ModelNames(upstream).of([
      "runware:100@1",
      "civitai:652699@993999",
      "civitai:1@1",
    ]);
    expect(names.get("runware:100@1")).toBe("FLUX.1 [schnell]");
    expect(names.get("civitai:652699@993999")).toBe("Watercolor Style");
    expect(names.has("civitai:1@1")).toBe(false);
  });

  it("asks the service once per model while what it learnt is fresh, and again once it is not", async () => {
    let now = 0;
    const names = new ModelNames(upstream, { now: () => now });
    asked = 0;
    await names.of(["runware:101@1"]);
    await names.of(["runware:101@1", "runware:101@1"]);
    expect(asked).toBe(1);
    now += 11 * 60_000;
    expect((await names.of(["runware:101@1"])).get("runware:101@1")).toBe("FLUX.1 [dev]");
    expect(asked).toBe(2);
  });

  it("answers without names when the service cannot be reached", async () => {
    const down = createUpstreamClient({
      httpUrl: "http://127.0.0.1:9/v1",
      wsUrl: "ws://127.0.0.1:9/v1",
      apiKey: "k",
    });
    const names = await new ModelNames(down, { waitMs: 2000 }).of(["runware:100@1"]);
    expect(names.size).toBe(0);
    await down.close();
  });
});
