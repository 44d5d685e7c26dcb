import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDIT_MODELS, sizeForResolution } from "@/lib/protocol/image-edit-models";
import { buildCatalog } from "../models/catalog";
import { searchModels } from "../models/search";
import { type Harness, imageTask, startHarness } from "../test-harness";
import { checkReferences, editStrength } from "./image-references";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  h.cleanup();
});

const KONTEXT_DEV = "runware:106@1";
const KONTEXT_PRO = "bfl:3@1";

const picture = async (width: number, height: number, colour: string) =>
  (
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString("base64");

async function send(extra: Record<string, unknown>) {
  return h.post([imageTask({ outputType: "base64Data", outputFormat: "PNG", seed: 7, ...extra })]);
}

describe("reference images are read by edit models only", () => {
  it("refuses references on a model that is not an edit model, naming referenceImages", async () => {
    const ref = await picture(96, 64, "#3060c0");
    const res = await send({ model: "runware:100@1", referenceImages: [ref] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      code: "unsupportedReferenceImages",
      parameter: "referenceImages",
      taskType: "imageInference",
    });
    expect(res.body.errors[0].message).toContain(KONTEXT_DEV);
  });

  it("refuses a tier the model does not render, listing the ones it does", async () => {
    const ref = await picture(96, 64, "#3060c0");
    const res = await send({ model: KONTEXT_DEV, referenceImages: [ref], resolution: "4k" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: "unsupportedResolution", parameter: "resolution" });
    expect(res.body.errors[0].message).toContain("1k, 2k");
  });

  it("refuses more than two references", async () => {
    const ref = await picture(64, 64, "#3060c0");
    const res = await send({ model: KONTEXT_DEV, referenceImages: [ref, ref, ref] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].parameter).toBe("referenceImages");
    // The rule holds in the engine too, should the schema's bound ever be raised.
    const error = checkReferences(
      { model: KONTEXT_DEV, referenceImages: ["a", "b", "c"] },
      buildCatalog("runware:200@1"),
    );
    expect(error).toMatchObject({ code: "invalidReferenceImages", parameter: "referenceImages" });
  });

  it("still runs ACE++ with its one reference on the fill model", async () => {
    const ref = await picture(64, 64, "#c08060");
    const res = await send({
      model: "runware:102@1",
      referenceImages: [ref],
      acePlusPlus: { type: "subject" },
    });
    expect(res.status).toBe(200);
  });

  it("renders from the references: the first's colours lead, the second changes the picture", async () => {
    const blue = await picture(96, 64, "#2050d0");
    const red = await picture(96, 64, "#d03020");
    const plain = await send({ model: KONTEXT_DEV, width: 192, height: 128 });
    const fromBlue = await send({ model: KONTEXT_DEV, width: 192, height: 128, referenceImages: [blue] });
    const fromRed = await send({ model: KONTEXT_DEV, width: 192, height: 128, referenceImages: [red] });
    const both = await send({ model: KONTEXT_DEV, width: 192, height: 128, referenceImages: [blue, red] });
    const bytes = (res: { body: { data: { imageBase64Data: string }[] } }) =>
      Buffer.from(res.body.data[0]?.imageBase64Data ?? "", "base64");
    for (const res of [plain, fromBlue, fromRed, both]) expect(res.status).toBe(200);
    const mean = async (b: Buffer) => (await sharp(b).stats()).channels.map((c) => c.mean);
    const [br, , bb] = await mean(bytes(fromBlue));
    const [rr, , rb] = await mean(bytes(fromRed));
    expect(bb).toBeGreaterThan(br ?? 0);
    expect(rr).toBeGreaterThan(rb ?? 0);
    expect(bytes(both).equals(bytes(fromBlue))).toBe(false);
    expect(bytes(fromBlue).equals(bytes(plain))).toBe(false);
    // Without a resolution, width and height set the size.
    expect(await sharp(bytes(fromBlue)).metadata()).toMatchObject({ width: 192, height: 128 });
  });

  it("sizes the output from the tier and the first reference's shape", async () => {
    const wide = await picture(96, 64, "#2050d0");
    const tall = await picture(64, 128, "#d03020");
    const res = await send({ model: KONTEXT_DEV, referenceImages: [wide, tall], resolution: "1k" });
    expect(res.status).toBe(200);
    const out = await sharp(Buffer.from(res.body.data[0].imageBase64Data, "base64")).metadata();
    expect({ width: out.width, height: out.height }).toEqual(
      sizeForResolution("1k", { width: 3, height: 2 }),
    );
  });
});

describe("resolution tiers", () => {
  const shapes = [
    [1, 1],
    [3, 2],
    [2, 3],
    [16, 9],
    [1, 4],
  ] as const;
  it.each(["1k", "2k", "4k"] as const)(
    "%s is about its megapixels, in the reference's shape, in 64s",
    (tier) => {
      const megapixels = { "1k": 1, "2k": 4, "4k": 16 }[tier];
      for (const [w, h] of shapes) {
        const size = sizeForResolution(tier, { width: w * 100, height: h * 100 });
        expect(size.width % 64).toBe(0);
        expect(size.height % 64).toBe(0);
        const mp = (size.width * size.height) / 2 ** 20;
        expect(mp).toBeLessThanOrEqual(megapixels);
        expect(mp).toBeGreaterThan(megapixels * 0.85);
        expect(Math.abs(size.width / size.height - w / h) / (w / h)).toBeLessThan(0.08);
      }
      expect(sizeForResolution(tier, { width: 500, height: 500 })).toEqual({
        width: 1024 * Math.sqrt(megapixels),
        height: 1024 * Math.sqrt(megapixels),
      });
    },
  );

  it("each edit model declares its tiers, and they differ", () => {
    const catalog = buildCatalog("runware:200@1");
    const dev = catalog.find((m) => m.air === KONTEXT_DEV);
    const pro = catalog.find((m) => m.air === KONTEXT_PRO);
    expect(dev?.edit?.resolutions).toEqual(["1k", "2k"]);
    expect(pro?.edit?.resolutions).toEqual(["1k", "2k", "4k"]);
    expect(
      checkReferences({ model: KONTEXT_PRO, referenceImages: ["a"], resolution: "4k" }, catalog),
    ).toBeNull();
    expect(EDIT_MODELS.map((m) => m.air)).toEqual([KONTEXT_DEV, KONTEXT_PRO]);
  });

  it("lets the prompt steer how far an edit moves", () => {
    expect(editStrength("__BLANK__")).toBeLessThan(editStrength("a hat"));
    expect(editStrength("a hat")).toBeLessThan(editStrength("turn the dog into a cat"));
  });
});

describe("modelSearch lists the edit models", () => {
  it("finds them by name and architecture, without engine-only fields", async () => {
    const catalog = buildCatalog("runware:200@1");
    const found = searchModels(catalog, { search: "kontext", limit: 10, offset: 0 });
    expect(found.results.map((m) => m.air)).toEqual([KONTEXT_DEV, KONTEXT_PRO]);
    const res = await h.post([
      { taskType: "modelSearch", taskUUID: crypto.randomUUID(), search: "kontext", category: "checkpoint" },
    ]);
    expect(res.status).toBe(200);
    const first = res.body.data[0].results[0];
    expect(first).toMatchObject({
      air: KONTEXT_DEV,
      name: "FLUX.1 Kontext [dev]",
      architecture: "flux1kontext",
    });
    expect(first.edit).toBeUndefined();
  });
});
