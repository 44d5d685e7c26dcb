import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getResponseItemSchema, imageResultSchema } from "@/lib/protocol/results";
import { renderImage } from "../render/image";
import type { Renderer } from "../render/renderer";
import { renderVideo } from "../render/video";
import {
  eventually,
  type Harness,
  imageTask,
  JPEG_MAGIC,
  PNG_MAGIC,
  startHarness,
  videoTask,
} from "../test-harness";

/** Renders normally, except prompts containing "gate": those wait until `open()` is called. */
function gatedRenderer() {
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => {
    release = r;
  });
  const renderer: Renderer = {
    async renderImage(p) {
      if (p.prompt.includes("gate")) await gate;
      return renderImage(p);
    },
    async renderVideo(p, onProgress) {
      if (p.prompt.includes("gate")) {
        onProgress(40);
        await gate;
      }
      return renderVideo(p, onProgress);
    },
  };
  return {
    renderer,
    /** Lets every waiting and later render through, until `arm`. */
    open() {
      release();
    },
    arm() {
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
  };
}

let h: Harness;
const gated = gatedRenderer();
const VIDEO_MODEL = "local:video@3.0-prime";

beforeAll(async () => {
  h = await startHarness({ renderer: gated.renderer });
});
afterAll(async () => {
  await h.close();
  h.cleanup();
});

const poll = (taskUUID: string, key?: string) => h.post([{ taskType: "getResponse", taskUUID }], { key });

describe("sync delivery", () => {
  it("returns image results that match the result schema, with URLs served by the engine", async () => {
    const task = imageTask({ outputFormat: "PNG", width: 256, height: 192 });
    const res = await h.post([task]);
    expect(res.status).toBe(200);
    const [result] = res.body.data;
    expect(imageResultSchema.safeParse(result).success).toBe(true);
    expect(result.imageUUID).not.toBe(task.taskUUID);
    expect(result.imageURL).toBe(`${h.url}/media/${result.imageUUID}.png`);
    const image = await fetch(result.imageURL);
    expect(image.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 192]);
  });

  it("numberResults gives that many results with distinct seeds (seed, seed+1, ...)", async () => {
    const given = await h.post([imageTask({ numberResults: 3, seed: 1000 })]);
    expect(given.body.data.map((d: { seed: number }) => d.seed)).toEqual([1000, 1001, 1002]);
    const random = await h.post([imageTask({ numberResults: 4 })]);
    const seeds = random.body.data.map((d: { seed: number }) => d.seed);
    expect(new Set(seeds).size).toBe(4);
    for (const s of seeds) expect(s).toBeLessThan(2 ** 32);
    expect(new Set(random.body.data.map((d: { imageUUID: string }) => d.imageUUID)).size).toBe(4);
  });

  it("outputType base64Data and dataURI carry the encoded image at its exact size", async () => {
    const b64 = await h.post([
      imageTask({ outputType: "base64Data", outputFormat: "PNG", width: 320, height: 128 }),
    ]);
    const bytes = Buffer.from(b64.body.data[0].imageBase64Data, "base64");
    expect(bytes.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(b64.body.data[0]).not.toHaveProperty("imageURL");
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([320, 128]);

    const uri = await h.post([imageTask({ outputType: "dataURI", outputFormat: "JPG", outputQuality: 40 })]);
    const dataURI: string = uri.body.data[0].imageDataURI;
    expect(dataURI.startsWith("data:image/jpeg;base64,")).toBe(true);
    expect(Buffer.from(dataURI.split(",")[1] ?? "", "base64").subarray(0, 3)).toEqual(JPEG_MAGIC);

    const webp = await h.post([imageTask({ outputType: "base64Data", outputFormat: "WEBP" })]);
    expect((await sharp(Buffer.from(webp.body.data[0].imageBase64Data, "base64")).metadata()).format).toBe(
      "webp",
    );
  });

  it("includeCost adds a cost per result; safety flags prompts from the keyword list", async () => {
    const res = await h.post([
      imageTask({ includeCost: true, numberResults: 2, width: 1024, height: 1024 }),
      imageTask({ safety: { checkContent: true }, positivePrompt: "a nude figure study" }),
      imageTask({ checkNSFW: true }),
    ]);
    const [c1, c2, flagged, clean] = res.body.data.sort((a: { cost?: number }, b: { cost?: number }) =>
      a.cost === undefined ? 1 : b.cost === undefined ? -1 : 0,
    );
    expect(c1.cost).toBeCloseTo(0.001363, 6);
    expect(c2.cost).toBe(c1.cost);
    const nsfw = [flagged, clean].map((d: { NSFWContent?: boolean }) => d.NSFWContent).sort();
    expect(nsfw).toEqual([false, true]);
  });
});

describe("async delivery and getResponse", () => {
  it("acks at once, reports processing with progress, then success; stable order", async () => {
    gated.arm();
    const task = imageTask({
      deliveryMethod: "async",
      numberResults: 2,
      positivePrompt: "gate keeper",
      seed: 7,
    });
    const ack = await h.post([task]);
    expect(ack.body).toEqual({ data: [{ taskType: "imageInference", taskUUID: task.taskUUID }] });
    const during = await poll(task.taskUUID as string);
    expect(during.body.data).toHaveLength(2);
    for (const item of during.body.data) {
      expect(getResponseItemSchema.safeParse(item).success).toBe(true);
      expect(item).toMatchObject({
        taskType: "imageInference",
        taskUUID: task.taskUUID,
        status: "processing",
      });
      expect(item.progress).toBeGreaterThanOrEqual(0);
    }
    gated.open();
    const done = await eventually(async () => {
      const r = await poll(task.taskUUID as string);
      return r.body.data.every((d: { status: string }) => d.status === "success") ? r : undefined;
    });
    expect(done.body.data.map((d: { seed: number }) => d.seed)).toEqual([7, 8]);
    for (const item of done.body.data) {
      expect(getResponseItemSchema.safeParse(item).success).toBe(true);
      expect(item.imageURL).toMatch(/\.jpg$/);
    }
  });

  it("videoInference is always async; progress while encoding; a playable MP4 at the end", async () => {
    gated.arm();
    const task = videoTask(VIDEO_MODEL, { positivePrompt: "gate of the sea", includeCost: true });
    const ack = await h.post([task]);
    expect(ack.body.data).toEqual([{ taskType: "videoInference", taskUUID: task.taskUUID }]);
    const during = await eventually(async () => {
      const r = await poll(task.taskUUID as string);
      return r.body.data[0].progress >= 40 ? r : undefined;
    });
    expect(during.body.data[0].status).toBe("processing");
    gated.open();
    const done = await eventually(async () => {
      const r = await poll(task.taskUUID as string);
      return r.body.data[0].status === "success" ? r : undefined;
    }, 20_000);
    const [video] = done.body.data;
    expect(getResponseItemSchema.safeParse(video).success).toBe(true);
    expect(video.videoURL).toMatch(/\.mp4$/);
    expect(video.cost).toBeCloseTo(0.12, 6);
    const bytes = Buffer.from(await (await fetch(video.videoURL)).arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
  });

  it("a failed async item is status error with error {code, message}", async () => {
    const task = imageTask({ deliveryMethod: "async", seedImage: "https://127.0.0.1:1/nothing.png" });
    expect((await h.post([task])).status).toBe(200);
    const done = await eventually(async () => {
      const r = await poll(task.taskUUID as string);
      return r.body.data[0].status === "error" ? r : undefined;
    });
    expect(done.body.data[0].error).toMatchObject({ code: "invalidMediaInput", parameter: "seedImage" });
  });

  it("taskNotFound for unknown tasks and for another account's tasks", async () => {
    const unknown = await poll(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe("taskNotFound");
    const task = imageTask({ deliveryMethod: "async" });
    await h.post([task]);
    const other = h.engine.keys.create({ description: "other", account: "someone-else" }).key;
    const foreign = await poll(task.taskUUID as string, other);
    expect(foreign.body.errors[0].code).toBe("taskNotFound");
  });
});
