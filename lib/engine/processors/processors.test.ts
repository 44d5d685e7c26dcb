import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBody, startServer, type TestServer } from "@/lib/platform/net/test-servers";
import { buildCatalog } from "../models/catalog";
import { searchModels } from "../models/search";
import { eventually, type Harness, imageTask, startHarness, videoTask } from "../test-harness";
import { enhancePrompt } from "./prompt-enhance";

let h: Harness;
let receiver: TestServer;
const received: { method: string; url: string; type: string; body: Buffer }[] = [];

beforeAll(async () => {
  h = await startHarness();
  receiver = await startServer(async (req, res) => {
    const body = await readBody(req);
    received.push({
      method: req.method ?? "",
      url: req.url ?? "",
      type: req.headers["content-type"] ?? "",
      body,
    });
    if (req.url?.startsWith("/image.png")) {
      const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();
      res.writeHead(200, { "content-type": "image/png" }).end(png);
      return;
    }
    res.writeHead(req.url?.startsWith("/fail") ? 403 : 200).end();
  });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
  h.cleanup();
});

const png = (w: number, h2: number, colour = "#cc3366") =>
  sharp({ create: { width: w, height: h2, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe("modelSearch", () => {
  it("searches the catalogue by text, category, architecture, with limit/offset", async () => {
    const all = await h.post([{ taskType: "modelSearch", taskUUID: randomUUID(), search: "flux" }]);
    const airs = all.body.data[0].results.map((m: { air: string }) => m.air);
    expect(airs).toEqual(expect.arrayContaining(["runware:100@1", "runware:101@1", "runware:102@1"]));
    expect(all.body.data[0].totalResults).toBe(airs.length);
    const catalog = buildCatalog("local:video@3.0-prime");
    for (const air of [
      "runware:100@1",
      "runware:101@1",
      "civitai:133005@782002",
      "runware:102@1",
      "local:video@3.0-prime",
    ]) {
      expect(catalog.some((m) => m.air === air)).toBe(true);
    }
    const loras = searchModels(catalog, { category: "lora", architecture: "SDXL", limit: 10, offset: 0 });
    expect(loras.results.every((m) => m.category === "lora" && m.architecture === "sdxl")).toBe(true);
    const page = searchModels(catalog, { limit: 2, offset: 2 });
    expect(page.results).toEqual(catalog.slice(2, 4));
    expect(page.totalResults).toBe(catalog.length);
  });

  it("accepts any well-formed AIR id for generation", async () => {
    const res = await h.post([imageTask({ model: "someone:424242@7" })]);
    expect(res.status).toBe(200);
  });
});

describe("imageUpload and image inputs", () => {
  it("stores an upload whose UUID then works as seedImage; unknown UUIDs name the parameter", async () => {
    const dataURI = `data:image/png;base64,${(await png(64, 64)).toString("base64")}`;
    const up = await h.post([{ taskType: "imageUpload", taskUUID: randomUUID(), image: dataURI }]);
    const { imageUUID, imageURL } = up.body.data[0];
    expect(imageURL).toBe(`${h.url}/media/${imageUUID}.png`);
    const i2i = await h.post([imageTask({ seedImage: imageUUID, width: 256, height: 256 })]);
    expect(i2i.status).toBe(200);
    const missing = randomUUID();
    const bad = await h.post([
      imageTask({ seedImage: missing }),
      imageTask({ deliveryMethod: "async", maskImage: missing, seedImage: imageUUID }),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { parameter: string }) => e.parameter).sort()).toEqual([
      "maskImage",
      "seedImage",
    ]);
    expect(bad.body.errors[0].code).toBe("invalidMediaReference");
  });

  it("fetches URL inputs through the guarded fetcher", async () => {
    const ok = await h.post([imageTask({ seedImage: `${receiver.origin}/image.png`, strength: 0.3 })]);
    expect(ok.status).toBe(200);
    const denied = await h.post([imageTask({ seedImage: `${receiver.origin}/fail.png` })]);
    expect(denied.body.errors[0]).toMatchObject({ code: "invalidMediaInput", parameter: "seedImage" });
  });

  it("inpaints with a mask and checks outpaint sizes against the seed image", async () => {
    const seed = (await png(256, 256)).toString("base64");
    const mask = (await png(256, 256, "#ffffff")).toString("base64");
    const inpaint = await h.post([imageTask({ seedImage: seed, maskImage: mask, width: 256, height: 256 })]);
    expect(inpaint.status).toBe(200);
    const outpaint = { top: 64, bottom: 64, left: 0, right: 128 };
    const good = await h.post([
      imageTask({ seedImage: seed, outpaint, width: 384, height: 384, model: "runware:102@1" }),
    ]);
    expect(good.status).toBe(200);
    const wrong = await h.post([imageTask({ seedImage: seed, outpaint, width: 512, height: 384 })]);
    expect(wrong.body.errors[0]).toMatchObject({ code: "invalidWidth", parameter: "width" });
  });
});

describe("imageControlNetPreProcess and promptEnhance", () => {
  it("produces a guide image and keeps the input's UUID", async () => {
    const input = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#000" } })
      .composite([{ input: await png(128, 128, "#ffffff"), left: 64, top: 64 }])
      .png()
      .toBuffer();
    const res = await h.post([
      {
        taskType: "imageControlNetPreProcess",
        taskUUID: randomUUID(),
        inputImage: input.toString("base64"),
        preProcessorType: "canny",
        outputType: "base64Data",
      },
    ]);
    const [r] = res.body.data;
    expect(r.inputImageUUID).toMatch(/^[0-9a-f-]{36}$/);
    const guide = Buffer.from(r.guideImageBase64Data, "base64");
    const stats = await sharp(guide).stats();
    // Edges of the square are white, the rest black.
    expect(stats.channels[0]?.max).toBe(255);
    expect(stats.channels[0]?.mean).toBeLessThan(40);
  });

  it("refuses an input above the tools' pixel bound, by its header, naming inputImage", async () => {
    const input = await sharp({ create: { width: 8192, height: 8192, channels: 3, background: "#234" } })
      .png()
      .toBuffer();
    const res = await h.post([
      {
        taskType: "imageControlNetPreProcess",
        taskUUID: randomUUID(),
        inputImage: input.toString("base64"),
        preProcessorType: "canny",
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        code: "invalidMediaInput",
        parameter: "inputImage",
        message: expect.stringMatching(/8192x8192/),
      }),
    ]);
  });

  it("returns promptVersions deterministic enriched prompts", async () => {
    const task = {
      taskType: "promptEnhance",
      prompt: "a red fox in snow",
      promptVersions: 3,
      promptMaxLength: 80,
    };
    const a = await h.post([{ ...task, taskUUID: randomUUID() }]);
    const b = await h.post([{ ...task, taskUUID: randomUUID() }]);
    const texts = a.body.data.map((d: { text: string }) => d.text);
    expect(texts).toHaveLength(3);
    expect(b.body.data.map((d: { text: string }) => d.text)).toEqual(texts);
    for (const t of texts) {
      expect(t.startsWith("a red fox in snow")).toBe(true);
      expect(t.length).toBeLessThanOrEqual(80);
    }
    expect(enhancePrompt("x y", 0)).toBe(enhancePrompt("x y", 0));
  });
});

describe("videoInference inputs", () => {
  it("takes the size from resolution and the first frame image's aspect ratio", async () => {
    const frame = `data:image/png;base64,${(await png(200, 200)).toString("base64")}`;
    const task = videoTask("local:video@3.0-prime");
    delete task.width;
    delete task.height;
    Object.assign(task, {
      inputs: { frameImages: [frame, { image: frame, frame: "last" }] },
      resolution: "480p",
    });
    expect((await h.post([task])).status).toBe(200);
    const done = await eventually(async () => {
      const r = await h.post([{ taskType: "getResponse", taskUUID: task.taskUUID }]);
      return r.body.data[0].status === "processing" ? undefined : r;
    }, 20_000);
    expect(done.body.data[0].status).toBe("success");
    const meta = h.engine.media.get(done.body.data[0].videoUUID);
    expect([meta?.width, meta?.height, meta?.mime]).toEqual([624, 624, "video/mp4"]);
  });

  it("fails a video whose reference video cannot be fetched, naming the input", async () => {
    const task = videoTask("local:video@3.0-prime");
    delete task.width;
    delete task.height;
    Object.assign(task, { inputs: { referenceVideos: [`${receiver.origin}/fail.mp4`] } });
    await h.post([task]);
    const done = await eventually(async () => {
      const r = await h.post([{ taskType: "getResponse", taskUUID: task.taskUUID }]);
      return r.body.data[0].status === "processing" ? undefined : r;
    });
    expect(done.body.data[0].error).toMatchObject({
      code: "invalidMediaInput",
      parameter: "inputs.referenceVideos.0",
    });
  });
});

describe("webhooks and uploadEndpoint", () => {
  it("POSTs one webhook per item and PUTs the raw bytes to uploadEndpoint", async () => {
    received.length = 0;
    const task = imageTask({
      numberResults: 2,
      outputFormat: "PNG",
      webhookURL: `${receiver.origin}/hook?token=abc`,
      uploadEndpoint: `${receiver.origin}/put/object.png?sig=xyz`,
    });
    const res = await h.post([task]);
    expect(res.status).toBe(200);
    const hooks = await eventually(() => {
      const list = received.filter((r) => r.method === "POST");
      return list.length === 2 ? list : undefined;
    });
    const bodies = hooks.map((r) => JSON.parse(r.body.toString()));
    expect(bodies.map((b) => b.taskUUID)).toEqual([task.taskUUID, task.taskUUID]);
    expect(bodies[0]).toMatchObject({ model: "runware:100@1", width: 128, height: 128 });
    expect(typeof bodies[0].createdAt).toBe("string");
    const puts = received.filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(2);
    expect(puts[0]?.type).toBe("image/png");
    expect(puts[0]?.body.subarray(1, 4).toString()).toBe("PNG");
  });

  it("fails the item when the upload is refused", async () => {
    const res = await h.post([imageTask({ uploadEndpoint: `${receiver.origin}/fail` })]);
    expect(res.body.errors[0]).toMatchObject({ code: "invalidUploadEndpoint", parameter: "uploadEndpoint" });
  });

  it("video webhooks arrive when an async video finishes", async () => {
    received.length = 0;
    const task = videoTask("local:video@3.0-prime", {
      webhookURL: `${receiver.origin}/video-hook`,
      outputFormat: "WEBM",
      settings: { audio: false },
    });
    await h.post([task]);
    const hook = await eventually(() => received.find((r) => r.url === "/video-hook"), 20_000);
    const body = JSON.parse(hook.body.toString());
    expect(body).toMatchObject({ taskType: "videoInference", taskUUID: task.taskUUID });
    expect(body.videoURL).toMatch(/\.webm$/);
  });
});
