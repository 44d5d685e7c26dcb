import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ServiceErrorException } from "@/lib/protocol/errors";
import { sobel } from "./canvas";
import { renderImage } from "./index";
import {
  base,
  correlation,
  decoded,
  grey,
  highFrequency,
  lumaStd,
  meanAbsDiff,
  meanRgb,
  rectangleEdges,
  redness,
  saturationOf,
  testPicture,
} from "./test-support";

describe("outputs", () => {
  it("has the exact size and format asked for", async () => {
    for (const format of ["JPG", "PNG", "WEBP"] as const) {
      const meta = await sharp(await renderImage(base({ width: 320, height: 192, format }))).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([
        320,
        192,
        format === "JPG" ? "jpeg" : format.toLowerCase(),
      ]);
    }
  });

  it("is byte-identical for the same request and differs with the seed", async () => {
    const a = await renderImage(base({ format: "JPG" }));
    const b = await renderImage(base({ format: "JPG" }));
    const c = await renderImage(base({ format: "JPG", seed: 1235 }));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it("encodes JPG at outputQuality", async () => {
    const low = await renderImage(base({ format: "JPG", quality: 25 }));
    const high = await renderImage(base({ format: "JPG", quality: 95 }));
    expect(low.length).toBeLessThan(high.length);
  });
});

describe("text to image", () => {
  it("paints a sunset over the sea clearly apart from a neon city at night", async () => {
    const sunset = meanRgb(await decoded(await renderImage(base({ prompt: "sunset over the sea" }))));
    const neon = meanRgb(await decoded(await renderImage(base({ prompt: "neon city at night" }))));
    const luma = (c: number[]) => 0.299 * (c[0] ?? 0) + 0.587 * (c[1] ?? 0) + 0.114 * (c[2] ?? 0);
    // Sunset: warm (red above blue) and bright; neon night: dark.
    expect((sunset[0] ?? 0) - (sunset[2] ?? 0)).toBeGreaterThan(20);
    expect(luma(sunset) - luma(neon)).toBeGreaterThan(40);
  });

  it("removes a colour named in negativePrompt", async () => {
    const prompt = "red roses in a red garden";
    const plain = redness(await decoded(await renderImage(base({ prompt }))));
    const avoided = redness(await decoded(await renderImage(base({ prompt, negativePrompt: "red" }))));
    expect(avoided).toBeLessThan(plain * 0.6);
  });

  it("drops an element named in negativePrompt", async () => {
    const prompt = "sunset over the sea";
    const a = await decoded(await renderImage(base({ prompt })));
    const b = await decoded(await renderImage(base({ prompt, negativePrompt: "sea" })));
    expect(meanAbsDiff(a, b)).toBeGreaterThan(5);
  });

  it("raises contrast and saturation with CFGScale", async () => {
    const low = await decoded(await renderImage(base({ CFGScale: 2 })));
    const high = await decoded(await renderImage(base({ CFGScale: 15 })));
    expect(lumaStd(high)).toBeGreaterThan(lumaStd(low) * 1.2);
    expect(saturationOf(high)).toBeGreaterThan(saturationOf(low) * 1.2);
  });

  it("adds detail with steps, and with hiresfix", async () => {
    const p = base({ width: 512, height: 512, prompt: "snowy mountains with a pine forest" });
    const few = highFrequency(await decoded(await renderImage({ ...p, steps: 4 })));
    const many = highFrequency(await decoded(await renderImage({ ...p, steps: 40 })));
    const hires = highFrequency(await decoded(await renderImage({ ...p, steps: 4, hiresfix: true })));
    expect(many).toBeGreaterThan(few * 1.2);
    expect(hires).toBeGreaterThan(few * 1.2);
  });

  it("gives each scheduler family its own noise texture", async () => {
    const p = base({ prompt: "abstract gradient" });
    const dpm = highFrequency(await decoded(await renderImage({ ...p, scheduler: "DPM++ 2M" })));
    const sde = highFrequency(await decoded(await renderImage({ ...p, scheduler: "DPM++ SDE" })));
    const ancestral = await decoded(await renderImage({ ...p, scheduler: "Euler Ancestral" }));
    const euler = await decoded(await renderImage({ ...p, scheduler: "Euler" }));
    expect(sde).toBeGreaterThan(dpm);
    expect(meanAbsDiff(ancestral, euler)).toBeGreaterThan(0.5);
  });

  it("weights words: sea++ draws more sea than sea--", async () => {
    const p = base({ prompt: "", promptWeighting: "compel" as const });
    const up = await decoded(await renderImage({ ...p, prompt: "sunset++ over the sea++" }));
    const down = await decoded(await renderImage({ ...p, prompt: "sunset-- over the sea--" }));
    expect(meanAbsDiff(up, down)).toBeGreaterThan(3);
  });

  it("gives a LoRA a visible style that a negative weight reverses", async () => {
    const plain = await decoded(await renderImage(base()));
    const lora = await decoded(
      await renderImage(base({ lora: [{ model: "civitai:133005@782002", weight: 1 }] })),
    );
    const away = await decoded(
      await renderImage(base({ lora: [{ model: "civitai:133005@782002", weight: -1 }] })),
    );
    expect(meanAbsDiff(plain, lora)).toBeGreaterThan(3);
    expect(meanAbsDiff(lora, away)).toBeGreaterThan(3);
  });

  it("pulls the palette towards an IP-adapter's guide image", async () => {
    const green = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#10c040" } })
      .png()
      .toBuffer();
    const plain = meanRgb(await decoded(await renderImage(base())));
    const pulled = meanRgb(
      await decoded(
        await renderImage(
          base({
            ipAdapters: [{ guide: { bytes: green, parameter: "ipAdapters.0.guideImage" }, weight: 1 }],
          }),
        ),
      ),
    );
    const greenness = (c: number[]) => (c[1] ?? 0) - ((c[0] ?? 0) + (c[2] ?? 0)) / 2;
    expect(greenness(pulled)).toBeGreaterThan(greenness(plain) + 20);
  });

  it("makes a transparent background with layerDiffuse", async () => {
    const png = await renderImage(base({ prompt: "a red apple", transparent: true }));
    const d = await decoded(png, true);
    expect(d.channels).toBe(4);
    const alphaAt = (x: number, y: number) => d.data[(y * d.width + x) * 4 + 3] ?? 255;
    expect([alphaAt(0, 0), alphaAt(255, 0), alphaAt(0, 255), alphaAt(255, 255)]).toEqual([0, 0, 0, 0]);
    expect(alphaAt(128, 128)).toBeGreaterThan(200);
  });
});

describe("image to image", () => {
  it("moves away from the seed image as strength grows", async () => {
    const seedImage = await testPicture(256, 256);
    const seed = await decoded(seedImage);
    const distances: number[] = [];
    for (const strength of [0, 0.3, 0.6, 0.9]) {
      distances.push(meanAbsDiff(seed, await decoded(await renderImage(base({ seedImage, strength })))));
    }
    expect(distances[0]).toBe(0);
    for (let i = 1; i < distances.length; i++) expect(distances[i]).toBeGreaterThan(distances[i - 1] ?? 0);
  });

  it("inpaints only the mask and its margin", async () => {
    const seedImage = await testPicture(256, 256);
    const maskImage = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#000" } })
      .composite([
        {
          input: await sharp({ create: { width: 64, height: 64, channels: 3, background: "#fff" } })
            .png()
            .toBuffer(),
          left: 96,
          top: 96,
        },
      ])
      .png()
      .toBuffer();
    const seed = await decoded(seedImage);
    const out = await decoded(await renderImage(base({ seedImage, maskImage, maskMargin: 32, strength: 1 })));
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < 256; y++) {
      for (let x = 0; x < 256; x++) {
        const i = (y * 256 + x) * 3;
        const diff =
          Math.abs((out.data[i] ?? 0) - (seed.data[i] ?? 0)) +
          Math.abs((out.data[i + 2] ?? 0) - (seed.data[i + 2] ?? 0));
        const dx = Math.max(96 - x, x - 159, 0);
        const dy = Math.max(96 - y, y - 159, 0);
        if (Math.hypot(dx, dy) > 33 && diff > 0) changedOutside++;
        if (dx === 0 && dy === 0 && diff > 10) changedInside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(64 * 64 * 0.5);
  });

  it("outpaints around the seed image, which stays unchanged at its offset", async () => {
    const seedImage = await testPicture(128, 128);
    const seed = await decoded(seedImage);
    const out = await decoded(
      await renderImage(
        base({
          seedImage,
          width: 256,
          height: 192,
          outpaint: { top: 64, right: 64, bottom: 0, left: 64, blur: 8 },
        }),
      ),
    );
    expect([out.width, out.height]).toEqual([256, 192]);
    let differing = 0;
    for (let y = 0; y < 128; y++) {
      for (let x = 0; x < 128; x++) {
        const o = ((y + 64) * 256 + x + 64) * 3;
        const s = (y * 128 + x) * 3;
        for (let k = 0; k < 3; k++) if (out.data[o + k] !== seed.data[s + k]) differing++;
      }
    }
    expect(differing).toBe(0);
  });
});

describe("controlNet", () => {
  it("draws the guide's edges, more with more weight", async () => {
    const guideBytes = await rectangleEdges(256, 256);
    const guide = grey(await decoded(guideBytes));
    const edgesOf = async (weight: number | null) => {
      const p = base({ prompt: "sunset over the sea" });
      if (weight !== null)
        p.controlNet = [{ guide: { bytes: guideBytes, parameter: "controlNet.0.guideImage" }, weight }];
      return sobel(grey(await decoded(await renderImage(p))), 256, 256);
    };
    const none = correlation(await edgesOf(null), guide);
    const weak = correlation(await edgesOf(0.2), guide);
    const strong = correlation(await edgesOf(1), guide);
    expect(strong).toBeGreaterThan(weak);
    expect(weak).toBeGreaterThan(none);
    expect(strong).toBeGreaterThan(0.2);
  });

  it("names the parameter when a guide image cannot be decoded", async () => {
    const broken = (await rectangleEdges(64, 64)).subarray(0, 60);
    const p = base({
      controlNet: [{ guide: { bytes: broken, parameter: "controlNet.0.guideImage" }, weight: 1 }],
    });
    const error = await renderImage(p).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceErrorException);
    expect((error as ServiceErrorException).error).toMatchObject({
      code: "invalidMediaInput",
      parameter: "controlNet.0.guideImage",
    });
  });
});
