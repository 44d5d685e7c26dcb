import sharp from "@/lib/platform/sharp";
import { mixRgb, type Rgb } from "./raster";
import type { Scene } from "./scene";

/**
 * Reference images bring their colours into the scene: each image is reduced to a 4x4 mosaic,
 * its most saturated cells become accents (neon signs, title bar, bokeh) and its average colour
 * tints the sky towards the horizon, so a shot built around a red car at dusk glows red.
 */

const saturation = ([r, g, b]: Rgb) => (Math.max(r, g, b) - Math.min(r, g, b)) / 255;

export async function paletteOf(images: Buffer[]): Promise<{ average: Rgb; accents: Rgb[] } | null> {
  const cells: Rgb[] = [];
  for (const image of images.slice(0, 10)) {
    try {
      const raw = await sharp(image).resize(4, 4, { fit: "fill" }).removeAlpha().raw().toBuffer();
      for (let i = 0; i + 2 < raw.length; i += 3) cells.push([raw[i] ?? 0, raw[i + 1] ?? 0, raw[i + 2] ?? 0]);
    } catch {
      // An image the processor already validated; a failure here only loses its colours.
    }
  }
  if (cells.length === 0) return null;
  const average = cells
    .reduce<[number, number, number]>((s, c) => [s[0] + c[0], s[1] + c[1], s[2] + c[2]], [0, 0, 0])
    .map((v) => v / cells.length) as unknown as Rgb;
  const accents = [...cells].sort((a, b) => saturation(b) - saturation(a)).slice(0, 3);
  return { average, accents };
}

export function withPalette(scene: Scene, palette: { average: Rgb; accents: Rgb[] } | null): Scene {
  if (!palette) return scene;
  return {
    ...scene,
    skyMid: mixRgb(scene.skyMid, palette.average, 0.25),
    skyHorizon: mixRgb(scene.skyHorizon, palette.average, 0.35),
    accents: [...palette.accents.map((c) => mixRgb(c, [255, 255, 255], 0.15)), ...scene.accents].slice(0, 4),
  };
}
