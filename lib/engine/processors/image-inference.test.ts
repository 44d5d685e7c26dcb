import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, imageTask, startHarness } from "../test-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  h.cleanup();
});

const picture = (colour: string) =>
  sharp({ create: { width: 128, height: 128, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect x="32" y="32" width="64" height="64" fill="none" stroke="#fff" stroke-width="4"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

async function image(extra: Record<string, unknown>): Promise<Buffer> {
  const res = await h.post([
    imageTask({ outputType: "base64Data", outputFormat: "PNG", seed: 99, ...extra }),
  ]);
  expect(res.status).toBe(200);
  return Buffer.from(res.body.data[0].imageBase64Data, "base64");
}

describe("imageInference hands every feature to the renderer", () => {
  it("changes the picture for each feature that has an input image or a setting", async () => {
    const guide = (await picture("#000")).toString("base64");
    const face = (await picture("#c08060")).toString("base64");
    const plain = await image({});
    const variants = {
      controlNet: { controlNet: [{ model: "runware:25@1", guideImage: guide, weight: 1 }] },
      ipAdapters: { ipAdapters: [{ model: "runware:55@1", guideImage: face, weight: 1 }] },
      puLID: { puLID: { inputImages: [face], idWeight: 2 } },
      lora: { lora: [{ model: "civitai:133005@782002", weight: 1 }] },
      embeddings: { embeddings: [{ model: "civitai:7808@9208", weight: 2 }] },
      vae: { vae: "civitai:23906@28569" },
      refiner: { refiner: { model: "runware:101@1", startStep: 10 }, steps: 20 },
      negativePrompt: { negativePrompt: "orange, purple" },
      scheduler: { scheduler: "DPM++ SDE Karras" },
      clipSkip: { clipSkip: 2 },
      CFGScale: { CFGScale: 20 },
      acePlusPlus: {
        model: "runware:102@1",
        referenceImages: [face],
        acePlusPlus: { type: "subject", repaintingScale: 0.2 },
      },
    };
    for (const [name, extra] of Object.entries(variants)) {
      const out = await image(extra);
      expect([name, out.equals(plain)]).toEqual([name, false]);
    }
  });

  it("gives numberResults distinct images", async () => {
    const res = await h.post([imageTask({ outputType: "base64Data", numberResults: 3, seed: 5 })]);
    const images = res.body.data.map((d: { imageBase64Data: string }) => d.imageBase64Data);
    expect(new Set(images).size).toBe(3);
  });

  it("names in each result the prompt's words it made no drawing for, and nothing when all were drawn", async () => {
    const tasks = [
      imageTask({ positivePrompt: "a narwhal beside a griffin, highly detailed", numberResults: 2 }),
      imageTask({ positivePrompt: "a narwhal and a griffin", negativePrompt: "griffin" }),
      imageTask({ positivePrompt: "a hot air balloon over fields" }),
    ];
    const res = await h.post(tasks);
    expect(res.status).toBe(200);
    const results = res.body.data as { taskUUID: string; notDrawn?: string[] }[];
    const named = tasks.map((t) => results.filter((d) => d.taskUUID === t.taskUUID).map((d) => d.notDrawn));
    expect(named).toEqual([
      [
        ["narwhal", "griffin"],
        ["narwhal", "griffin"],
      ],
      [["narwhal"]],
      [undefined],
    ]);
  });

  it("fails with the parameter's name when a guide image cannot be decoded", async () => {
    // A PNG whose header is intact (so it is measured) but whose pixel data is cut off.
    const truncated = (await picture("#000")).subarray(0, 80).toString("base64");
    const res = await h.post([
      imageTask({ controlNet: [{ model: "runware:25@1", guideImage: truncated, weight: 1 }] }),
    ]);
    expect(res.body.errors[0]).toMatchObject({
      code: "invalidMediaInput",
      parameter: "controlNet.0.guideImage",
    });
  });
});
