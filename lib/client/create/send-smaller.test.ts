import { afterEach, describe, expect, it, vi } from "vitest";
import { canSendSmaller, imagePathsOf, MIN_LONG_SIDE, sendSmallerParams, smallerSize } from "./send-smaller";

const A = "3f1c2a4e-8b7d-4c2a-9e1f-0a1b2c3d4e5f";
const B = "6abcd27d-9210-47d4-9d76-95bbab35cd4f";

describe("sending a task smaller", () => {
  it("finds every image a task names by the studio's id, and nothing else", () => {
    const params = {
      positivePrompt: "a harbour",
      model: "runware:101@1",
      seedImage: A,
      maskImage: B,
      referenceImages: [A, "https://example.com/x.png"],
      controlNet: [{ model: "c", guideImage: B }],
      inputs: { frameImages: [{ image: A, frame: "first" }] },
      taskUUID: B,
    };
    expect(imagePathsOf(params).sort()).toEqual(
      [
        "controlNet.0.guideImage",
        "inputs.frameImages.0.image",
        "maskImage",
        "referenceImages.0",
        "seedImage",
      ].sort(),
    );
  });

  it("is offered only for a refusal of size with an image to shrink", () => {
    expect(canSendSmaller({ code: "payloadTooLarge" }, { seedImage: A })).toBe(true);
    expect(canSendSmaller({ code: "payloadTooLarge" }, { positivePrompt: "words only" })).toBe(false);
    expect(canSendSmaller({ code: "internalServerError" }, { seedImage: A })).toBe(false);
    expect(canSendSmaller(null, { seedImage: A })).toBe(false);
    expect(canSendSmaller({ code: "payloadTooLarge" }, undefined)).toBe(false);
  });

  it("halves the pixels each time, keeping the shape, and stops at a small image", () => {
    const once = smallerSize(4096, 2048);
    expect(once).toEqual({ width: 2896, height: 1448 });
    const pixels = (s: { width: number; height: number }) => s.width * s.height;
    expect(pixels(once ?? { width: 0, height: 0 }) / (4096 * 2048)).toBeCloseTo(0.5, 2);
    expect(smallerSize(300, 200)).toEqual({ width: MIN_LONG_SIDE, height: 171 });
    expect(smallerSize(MIN_LONG_SIDE, 100)).toBeNull();
    let size: { width: number; height: number } | null = { width: 8000, height: 6000 };
    let presses = 0;
    while (size) {
      presses += 1;
      size = smallerSize(size.width, size.height);
    }
    expect(presses).toBeLessThan(20);
  });
});

describe("sending a task smaller, when it cannot be", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says so in words when an image is already small, and sends nothing", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(String(url));
      return Response.json({
        data: { id: A, url: `/media/${A}.png`, width: 200, height: 150, mime: "image/png" },
      });
    });
    const outcome = await sendSmallerParams({ seedImage: A, positivePrompt: "a harbour" });
    expect(outcome).toEqual({
      ok: false,
      message: "An image is already 200×150: too small to send smaller.",
    });
    expect(asked).toEqual([`/api/images/${A}`]);
  });

  it("says so when an image is gone from the studio", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ errors: [{ code: "imageNotFound", message: "No image." }] }, { status: 404 }),
    );
    expect(await sendSmallerParams({ seedImage: A })).toEqual({
      ok: false,
      message: "One of the task's images is no longer in the studio.",
    });
  });
});
