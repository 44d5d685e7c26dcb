import sharp, { type Sharp } from "sharp";
import type { ImageFormat, ImageRenderParams } from "./renderer";
import { hex, palette, type Rgb, seededRandom } from "./seeded";

/**
 * The simple first image renderer: a seeded gradient with soft shapes, coloured from a hash of
 * the prompt and seed, drawn as SVG and rasterised by sharp at exactly width x height. Seed image,
 * mask and outpaint are honoured geometrically (blend, masked repaint, extended canvas) so that
 * image-to-image workflows give visibly related outputs.
 */

function promptText(prompt: string): string {
  return prompt === "__BLANK__" ? "" : prompt;
}

export function sceneSvg(width: number, height: number, prompt: string, seed: number, opacity = 1): string {
  const random = seededRandom(promptText(prompt), seed);
  const colours = palette(random, 6);
  const c = (i: number): Rgb => colours[i % colours.length] ?? [128, 128, 128];
  const angle = Math.floor(random() * 360);
  const shapes: string[] = [];
  const count = 5 + Math.floor(random() * 6);
  const size = Math.min(width, height);
  for (let i = 0; i < count; i++) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const fill = hex(c(2 + i));
    const alpha = (0.25 + random() * 0.5).toFixed(2);
    if (random() < 0.6) {
      const r = Math.round(size * (0.05 + random() * 0.25));
      shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" fill-opacity="${alpha}"/>`);
    } else {
      const w = Math.round(size * (0.1 + random() * 0.4));
      const h = Math.round(size * (0.05 + random() * 0.3));
      const rot = Math.round(random() * 180);
      shapes.push(
        `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${Math.round(h / 4)}" fill="${fill}" fill-opacity="${alpha}" transform="rotate(${rot} ${x} ${y})"/>`,
      );
    }
  }
  const horizon = Math.round(height * (0.55 + random() * 0.25));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${hex(c(0))}"/><stop offset="1" stop-color="${hex(c(1))}"/></linearGradient></defs>
<g opacity="${opacity}"><rect width="${width}" height="${height}" fill="url(#g)"/>
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${hex(c(5))}" fill-opacity="0.35"/>
${shapes.join("\n")}</g></svg>`;
}

function encode(image: Sharp, format: ImageFormat, quality: number, transparent: boolean): Promise<Buffer> {
  switch (format) {
    case "PNG":
      return (transparent ? image : image.flatten({ background: "#000000" }))
        .png({ compressionLevel: 6 })
        .toBuffer();
    case "WEBP":
      return (transparent ? image : image.flatten({ background: "#000000" })).webp({ quality }).toBuffer();
    default:
      return image.flatten({ background: "#000000" }).jpeg({ quality }).toBuffer();
  }
}

async function rawRgb(input: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(input).resize(width, height, { fit: "fill" }).removeAlpha().raw().toBuffer();
}

/** Inpainting: the generated picture replaces the seed image where the mask is white. */
async function inpaint(p: ImageRenderParams, seedImage: Buffer, mask: Buffer): Promise<Sharp> {
  const { width, height } = p;
  const [base, generated, alpha] = await Promise.all([
    rawRgb(seedImage, width, height),
    sharp(Buffer.from(sceneSvg(width, height, p.prompt, p.seed)))
      .removeAlpha()
      .raw()
      .toBuffer(),
    sharp(mask).resize(width, height, { fit: "fill" }).greyscale().raw().toBuffer(),
  ]);
  const strength = p.strength ?? 1;
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0, px = 0; px < width * height; px++) {
    const m = ((alpha[px] ?? 0) / 255) * strength;
    for (let ch = 0; ch < 3; ch++, i++) {
      const b = base[i] ?? 0;
      out[i] = b + ((generated[i] ?? 0) - b) * m;
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } });
}

export async function renderImage(p: ImageRenderParams): Promise<Buffer> {
  const { width, height } = p;
  const transparent = p.transparent === true && p.format !== "JPG";
  let image: Sharp;
  if (p.seedImage && p.outpaint) {
    const o = p.outpaint;
    const inner = await sharp(p.seedImage)
      .resize(width - o.left - o.right, height - o.top - o.bottom, { fit: "fill" })
      .png()
      .toBuffer();
    const scene = Buffer.from(sceneSvg(width, height, p.prompt, p.seed));
    image = sharp(
      await sharp(scene)
        .composite([{ input: inner, left: o.left, top: o.top }])
        .png()
        .toBuffer(),
    );
  } else if (p.seedImage && p.maskImage) {
    image = await inpaint(p, p.seedImage, p.maskImage);
  } else if (p.seedImage) {
    const base = await sharp(p.seedImage)
      .resize(width, height, { fit: "cover" })
      .removeAlpha()
      .png()
      .toBuffer();
    const overlay = Buffer.from(sceneSvg(width, height, p.prompt, p.seed, p.strength ?? 0.8));
    image = sharp(
      await sharp(base)
        .composite([{ input: overlay }])
        .png()
        .toBuffer(),
    );
  } else if (transparent) {
    // layerDiffuse: shapes on a transparent background.
    const svg = sceneSvg(width, height, p.prompt, p.seed).replace(
      /<rect width="\d+" height="\d+" fill="url\(#g\)"\/>/,
      "",
    );
    image = sharp(Buffer.from(svg));
  } else {
    image = sharp(Buffer.from(sceneSvg(width, height, p.prompt, p.seed)));
  }
  if (p.signal?.aborted) throw new Error("aborted");
  return encode(image, p.format, p.quality, transparent);
}
