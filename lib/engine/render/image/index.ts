import { seededRandom } from "../shared/seeded";
import { createCanvas } from "./canvas";
import { composeMatrices } from "./colour-matrix";
import { applyControlNet } from "./control";
import { blendOver, inpaintAmount, mixUnder, outpaintCompose, restyle } from "./edit";
import { encode, type Internal, rawImage, upscale, upscaleRaw } from "./encode";
import { gradeRows } from "./grade";
import { type ColourStats, colourStats, decodeRgb } from "./inputs";
import { readIntent } from "./intent";
import { buildGrade, styleStrengths } from "./look";
import { buildPalette } from "./palette";
import type { ImageRenderParams, NamedImage } from "./params";
import { applyAcePlusPlus, applyIpAdapters, applyPuLID, transferTowards } from "./references";
import { internalScale, samplingOf } from "./sampling";
import { paintScene } from "./scene";
import { sharpenCanvas } from "./sharpen";
import { applyStyles } from "./styles";

/**
 * The embedded engine's image renderer: a procedural painter, no model weights. The prompt is
 * read as a scene (elements, colours, light, style), painted at a fraction of the output size,
 * graded, upscaled and encoded. Same request and seed: byte-identical output.
 *
 * | Parameter | Effect in this renderer |
 * |---|---|
 * | positivePrompt | subjects (about fifty: people, animals, buildings, vehicles, food, plants, objects; subjects.ts), posed and framed by the seed, elements (sun, moon, stars, clouds, aurora, birds, rain, sea, beach, mountains, hills, city, forest, desert, snow, portrait, flowers, round objects, abstract; unknown words: abstract), colour words tint the light and subjects, time/mood words set the light, style words (watercolor, neon, pastel, monochrome, oil, sketch, pixel, vintage, cinematic, anime, vivid) the treatment; `__BLANK__`: no text guidance (a seed-chosen scene, or the seed image's palette) |
 * | negativePrompt | a named element is not drawn, a named colour is removed from the pixels, a named style is weakened |
 * | promptWeighting | compel (`word++`, `(text)1.3`, `.blend()`, `.and()`) and sdEmbeds (`(text)`, `[text]`, `(text:1.4)`) weights scale each word's prominence (size, coverage, tint strength) |
 * | seed | composition, placement and palette jitter; `numberResults` uses one seed per image |
 * | steps | internal resolution and noise octaves: fewer steps, softer and less detailed |
 * | CFGScale | contrast and saturation (7 neutral; 0 washed out; 20+ punchy) |
 * | scheduler | residual noise texture: Euler fine grain, DPM smooth, SDE speckle, Ancestral colour noise, DDIM clean, LCM flat; Karras puts more noise in the shadows |
 * | clipSkip | abstraction: 1 slight posterise and hue drift, 2 strong |
 * | seedImage + strength | image-to-image: 0 returns the seed, 1 the generated scene; between, the seed recoloured by the prompt |
 * | maskImage + maskMargin | inpainting: only white (plus a feathered band maskMargin px wide) changes |
 * | outpaint (+ blur) | the seed unchanged at its offset; mirrored edges fade into a seed-coloured scene; blur widens the seam's softening |
 * | controlNet | guide edges drawn into the picture and its light layout borrowed, by weight x step window x controlMode |
 * | lora | each AIR id carries a style and a hue direction, applied by weight (negative steers away) |
 * | embeddings | hue and warmth shift by weight |
 * | ipAdapters | the picture's colours pulled to the guide image's, plus a little of its layout, by weight |
 * | refiner | crisper upscale and more detail, by the share of steps after startStep |
 * | vae | colour response: gamma, white balance, black level |
 * | puLID | the input face in a portrait oval, opacity by idWeight, contrast by trueCFGScale |
 * | acePlusPlus | the reference image's content as portrait, subject or local edit; repaintingScale lets the prompt repaint it |
 * | advancedFeatures.layerDiffuse | subjects only, on a transparent background (PNG, WEBP) |
 * | advancedFeatures.hiresfix | second stage at twice the internal resolution: more detail |
 * | acceleration, acceleratorOptions | cached steps are skipped: fewer effective steps, less detail, faster; caches with SDE/Ancestral schedulers leave blotches |
 * | width, height, outputFormat, outputQuality | exact size; JPG, PNG or WEBP at that quality |
 */
/** Edge lift before a 4x+ upscale, and the upscale's gaussian as a share of the scale factor. */
const SHARPEN = 1.2;
const SOFTNESS = 0.4;

export async function renderImage(p: ImageRenderParams): Promise<Buffer> {
  const sampling = samplingOf(p);
  const intent = readIntent(p.prompt, p.negativePrompt, p.promptWeighting);
  const seed: NamedImage | undefined = p.seedImage
    ? { bytes: p.seedImage, parameter: "seedImage" }
    : undefined;
  const transparent = p.transparent === true && p.format !== "JPG" && !seed;
  // Separate streams: composition follows prompt and seed only, so CFG, LoRA, steps... change the
  // look of one composition rather than reshuffling it.
  const random = seededRandom(p.prompt, p.seed);
  const lookRandom = seededRandom(`look\u0000${p.prompt}`, p.seed);
  const styles = styleStrengths(intent, p.lora);
  let k = internalScale(p.width, p.height, sampling);
  // Pixel art: blocks of 8+ output pixels, kept hard-edged by the nearest-neighbour upscale.
  const pixel = (styles.get("pixel") ?? 0) >= 0.3;
  if (pixel) while (k < 8 && Math.max(p.width, p.height) / (k * 2) >= 64) k *= 2;
  const w = p.width / k;
  const h = p.height / k;

  let seedSmall: Buffer | undefined;
  let seedStats: ColourStats | undefined;
  if (seed) {
    seedSmall = p.outpaint
      ? await decodeRgb(seed, 64, 64)
      : await decodeRgb(seed, w, h, p.maskImage ? "fill" : "cover");
    seedStats = colourStats(seedSmall);
  }
  const palette = buildPalette(intent, random, intent.blank ? seedStats?.tones : undefined);
  const canvas = createCanvas(w, h, transparent);
  paintScene(canvas, {
    intent,
    palette,
    random,
    hashSeed: Math.floor(random() * 2 ** 31),
    detail: sampling.detail,
    transparent,
    neon: Math.min(1, styles.get("neon") ?? 0),
  });
  if (p.signal?.aborted) throw new Error("aborted");

  const strength = p.strength ?? 0.8;
  if (seedSmall && !p.outpaint) mixUnder(canvas, restyle(seedSmall, palette), p.maskImage ? 0.8 : strength);
  if (p.controlNet?.length) await applyControlNet(canvas, p.controlNet, sampling.steps, palette);
  let transfer = p.ipAdapters?.length ? await applyIpAdapters(canvas, p.ipAdapters) : undefined;
  if (p.outpaint && seedStats) {
    // Outpainting continues the seed's palette: fully without a prompt, 60% with one.
    const pull = transferTowards(colourStats(canvas.rgb), seedStats, intent.blank ? 1 : 0.6);
    transfer = transfer ? composeMatrices(transfer, pull) : pull;
  }
  if (p.puLID) await applyPuLID(canvas, p.puLID);
  if (p.acePlusPlus) await applyAcePlusPlus(canvas, p.acePlusPlus);
  applyStyles(canvas, styles, lookRandom);
  // Enlarged 4x and more, edges are sharpened first (sharpen.ts); pixel art keeps hard blocks anyway.
  if (!pixel && k >= 4) sharpenCanvas(canvas, SHARPEN * (0.6 + 0.4 * sampling.detail));
  const grade = buildGrade({
    params: p,
    intent,
    sampling,
    styles,
    random: lookRandom,
    ...(transfer ? { transfer } : {}),
  });
  const internal: Internal = gradeRows(canvas, grade);
  if (p.signal?.aborted) throw new Error("aborted");

  // Upscale softness: ~0.4 of the scale factor (enough to hide the blocks, not more), less with
  // more detail, a refiner or hiresfix.
  const sigma = pixel
    ? 0
    : k *
      SOFTNESS *
      (1.2 - 0.3 * sampling.detail) *
      (1 - 0.4 * sampling.refine) *
      (sampling.hiresfix ? 0.75 : 1);
  const { width, height } = p;
  if (seed && p.outpaint) {
    const generated = await upscaleRaw(internal, width, height, sigma);
    const out = await outpaintCompose(seed, p.outpaint, width, height, generated);
    return encode(rawImage(out, width, height, 3), p.format, p.quality);
  }
  if (seed) {
    const [full, generated, amount] = await Promise.all([
      decodeRgb(seed, width, height, p.maskImage ? "fill" : "cover"),
      upscaleRaw(internal, width, height, sigma),
      p.maskImage
        ? inpaintAmount({ bytes: p.maskImage, parameter: "maskImage" }, width, height, p.maskMargin, strength)
        : Promise.resolve(strength),
    ]);
    return encode(rawImage(blendOver(full, generated, amount), width, height, 3), p.format, p.quality);
  }
  return encode(await upscale(internal, width, height, sigma), p.format, p.quality);
}
