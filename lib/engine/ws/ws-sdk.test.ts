import { RunwareServer } from "@runware/sdk-js";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, KEY_A, startHarness } from "./test-support";

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

describe("compatibility with the real service's WebSocket client", () => {
  it("@runware/sdk-js authenticates, submits and collects results unchanged", async () => {
    harness = await startHarness();
    const sdk = new RunwareServer({ apiKey: KEY_A, url: harness.url });
    try {
      const images = await sdk.requestImages({
        positivePrompt: "a lighthouse at dusk",
        model: "runware:100@1",
        width: 512,
        height: 512,
        numberResults: 2,
      });
      expect(images).toHaveLength(2);
      expect(harness.server.stats().authenticatedConnections).toBe(1);
    } finally {
      await sdk.disconnect();
    }
  });
});
