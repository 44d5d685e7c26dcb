import sharp from "@/lib/platform/sharp";
import { ease } from "./camera";
import type { Frame, Rgb } from "./raster";
import { drawSprite, type Sprite, spriteFromRgba } from "./sprite";

/**
 * Screen-space graphics over the scene: the lower-third title card (a document's or web page's
 * first words) and the reference-image cards. Both are rasterised once with sharp (SVG text,
 * resized photos, a blurred drop shadow) and then only moved and faded per frame.
 */

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

async function rasterSvg(svg: string): Promise<Sprite> {
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return spriteFromRgba(info.width, info.height, data);
}

export interface TitleCard {
  sprite: Sprite;
  /** Seconds at which it slides in. */
  at: number;
}

/** Shortens to whole words within `max` characters. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** A lower third: an accent bar, the title in bold and a line of the text below it. */
export async function buildTitleCard(
  title: string,
  line: string,
  accent: Rgb,
  width: number,
  height: number,
): Promise<Sprite> {
  const unit = Math.min(width, height);
  const big = Math.round(unit * 0.062);
  const small = Math.round(unit * 0.034);
  const maxChars = Math.floor((width * 0.62) / (big * 0.56));
  const head = escapeXml(clip(title, maxChars));
  const sub = escapeXml(clip(line, Math.floor((width * 0.62) / (small * 0.5))));
  const w = Math.round(width * 0.7);
  const h = Math.round(big * 1.5 + (sub ? small * 1.7 : 0) + unit * 0.03);
  const pad = Math.round(unit * 0.03);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect x="0" y="0" width="${w}" height="${h}" rx="${Math.round(unit * 0.012)}" fill="#0b0d14" fill-opacity="0.72"/>
  <rect x="0" y="0" width="${Math.round(unit * 0.012)}" height="${h}" fill="${hex(accent)}"/>
  <text x="${pad + 4}" y="${pad + big * 0.95}" font-family="Inter, DejaVu Sans, sans-serif" font-weight="700" font-size="${big}" fill="#ffffff">${head}</text>
  ${sub ? `<text x="${pad + 4}" y="${pad + big * 1.25 + small * 1.1}" font-family="Inter, DejaVu Sans, sans-serif" font-size="${small}" fill="#d8dbe6">${sub}</text>` : ""}
</svg>`;
  return rasterSvg(svg);
}

/** Slides the card in from the left over half a second, holds, fades out over the last 0.4 s. */
export function drawTitleCard(f: Frame, card: TitleCard, s: number, seconds: number): void {
  const age = s - card.at;
  if (age < 0) return;
  const inT = ease(age / 0.5);
  const out = Math.max(0, Math.min(1, (seconds - s) / 0.4));
  const margin = Math.round(Math.min(f.width, f.height) * 0.06);
  const x = margin - (1 - inT) * (card.sprite.width * 0.3);
  const y = f.height - margin - card.sprite.height;
  drawSprite(f, card.sprite, x, y, Math.min(inT, out));
}

export interface ImageCard {
  photo: Sprite;
  shadow: Sprite;
  at: number;
}

/** A reference image as a white-bordered print with a soft shadow, about 40 % of the frame high. */
export async function buildImageCard(
  image: Buffer,
  width: number,
  height: number,
  at: number,
): Promise<ImageCard> {
  const unit = Math.min(width, height);
  const border = Math.max(3, Math.round(unit * 0.012));
  const { data, info } = await sharp(image)
    .resize(Math.round(width * 0.38), Math.round(height * 0.42), { fit: "inside" })
    .removeAlpha()
    .extend({ top: border, bottom: border, left: border, right: border, background: "#f4f2ee" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const blur = Math.round(unit * 0.02);
  const shadowRaw = await sharp({
    create: {
      width: info.width + blur * 4,
      height: info.height + blur * 4,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      {
        input: {
          create: {
            width: info.width,
            height: info.height,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0.55 },
          },
        },
        left: blur * 2,
        top: blur * 2,
      },
    ])
    .blur(blur)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    photo: spriteFromRgba(info.width, info.height, data),
    shadow: spriteFromRgba(shadowRaw.info.width, shadowRaw.info.height, shadowRaw.data),
    at,
  };
}

/**
 * Cards ride a carousel: card i is centred when t = i / (n - 1), so the camera glides past every
 * reference in order; each rises into place on its beat and bobs gently.
 */
export function drawImageCards(f: Frame, cards: ImageCard[], t: number, s: number): void {
  const n = cards.length;
  const spacing = f.width * 0.46;
  cards.forEach((card, i) => {
    const age = s - card.at;
    if (age < 0) return;
    const rise = ease(age / 0.6);
    const cx = f.width / 2 + (i - t * (n - 1)) * spacing;
    if (cx < -card.photo.width || cx > f.width + card.photo.width) return;
    const cy = f.height * 0.42 + (1 - rise) * f.height * 0.25 + Math.sin(s * 1.3 + i * 1.9) * f.height * 0.01;
    const x = cx - card.photo.width / 2;
    const y = cy - card.photo.height / 2;
    const lift = Math.round(Math.min(f.width, f.height) * 0.02);
    drawSprite(f, card.shadow, x - lift * 2 + lift * 0.6, y - lift * 2 + lift, rise);
    drawSprite(f, card.photo, x, y, rise);
  });
}
