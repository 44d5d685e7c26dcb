/**
 * The real service's official clients, unchanged, against the embedded engine in-process:
 * `@runware/ai-sdk-provider` with `ai`'s image generation (HTTP, Bearer key) and
 * `@runware/sdk-js` (WebSocket: authentication, heartbeat, results by taskUUID, and getResponse
 * polling for video).
 */
import { createRunware } from "@runware/ai-sdk-provider";
import { RunwareServer } from "@runware/sdk-js";
import { generateImage } from "ai";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./test-harness";

// The provider logs every response as a warning; keep the test output readable.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  h.cleanup();
});

describe("@runware/ai-sdk-provider with ai (HTTP)", () => {
  it("generates an image", async () => {
    const runware = createRunware({ apiKey: h.key, baseURL: h.url });
    const { images } = await generateImage({
      model: runware.image("runware:101@1"),
      prompt: "a lighthouse on a cliff at dusk",
      size: "512x384",
      seed: 42,
      n: 2,
    });
    expect(images).toHaveLength(2);
    for (const image of images) {
      const meta = await sharp(Buffer.from(image.uint8Array)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 384]);
    }
  });

  it("surfaces the engine's errors", async () => {
    const runware = createRunware({ apiKey: "mse_not-a-key", baseURL: h.url });
    await expect(
      generateImage({ model: runware.image("runware:101@1"), prompt: "x y", size: "512x512" }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe("@runware/sdk-js (WebSocket)", () => {
  let client: RunwareServer;
  beforeAll(async () => {
    client = new RunwareServer({ apiKey: h.key, url: h.wsUrl, timeoutDuration: 30_000 });
    await client.ensureConnection();
  });
  afterAll(async () => {
    await client.disconnect();
  });

  it("generates images", async () => {
    const images = await client.requestImages({
      positivePrompt: "a red fox in snow",
      model: "runware:100@1",
      width: 256,
      height: 256,
      numberResults: 2,
      outputType: "URL",
    });
    expect(images).toHaveLength(2);
    for (const image of images ?? []) {
      expect(image.imageURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/media\/.+\.jpg$/);
      const res = await fetch(image.imageURL ?? "");
      expect(res.status).toBe(200);
    }
  });

  it("generates a video (async, polled with getResponse)", async () => {
    const result = await client.videoInference({
      model: "local:video@3.0-prime",
      positivePrompt: "waves rolling onto a beach",
      width: 832,
      height: 480,
      duration: 2,
      numberResults: 1,
    } as Parameters<RunwareServer["videoInference"]>[0]);
    const videos = Array.isArray(result) ? result : [result];
    expect(videos).toHaveLength(1);
    expect(videos[0]?.status).toBe("success");
    expect(videos[0]?.videoURL).toMatch(/\.mp4$/);
    const bytes = Buffer.from(await (await fetch(videos[0]?.videoURL ?? "")).arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
  }, 30_000);
});
