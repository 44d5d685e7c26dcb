/**
 * Draws the studio's static brand images into `public/` from the brand mark (the aperture on the
 * accent tile, as in `app/icon.svg`): favicons, the Apple touch icon, app icons and the 1200x630
 * link preview. Run with `npx tsx scripts/make-brand-images.ts` after changing the brand; the
 * PNGs are committed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const out = path.resolve(import.meta.dirname, "..", "public");

const ACCENT_FROM = "#8b7cff";
const ACCENT_TO = "#6553f0";
const SURFACE = "#0a0c10";

/** Lucide's aperture, the glyph of the brand mark, on a 24-unit grid. */
const APERTURE = `<circle cx="12" cy="12" r="10"/><path d="m14.31 8 5.74 9.94M9.69 8h11.48M7.38 12l5.74-9.94M9.69 16 3.95 6.06M14.31 16H2.83m13.79-4-5.74 9.94"/>`;

/** The mark as an SVG fragment: a `size` tile at (x, y); `radius` 0 fills the square (iOS rounds it itself). */
function mark(x: number, y: number, size: number, radius: number, id = "mark"): string {
  const glyph = size * 0.56;
  const offset = (size - glyph) / 2;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${ACCENT_FROM}"/><stop offset="1" stop-color="${ACCENT_TO}"/></linearGradient></defs>
<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${radius}" fill="url(#${id})"/>
<g transform="translate(${x + offset} ${y + offset}) scale(${glyph / 24})" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${APERTURE}</g>`;
}

function icon(size: number, rounded: boolean): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${mark(0, 0, size, rounded ? size / 4 : 0)}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** An .ico holding one PNG image (every current browser reads PNG-in-ICO). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the directory
  return Buffer.concat([header, png]);
}

/** A few result tiles of different shapes, as the studio shows them. */
function tiles(): string {
  const shapes: [number, number, number, number, string, string][] = [
    [700, 165, 200, 300, "#f4a261", "#264653"],
    [920, 165, 200, 140, "#8b7cff", "#1d222c"],
    [920, 325, 200, 140, "#2a9d8f", "#11141a"],
  ];
  return shapes
    .map(
      ([x, y, w, h, a, b], i) =>
        `<defs><linearGradient id="t${i}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="url(#t${i})" stroke="#333a48" stroke-width="2"/>`,
    )
    .join("");
}

function preview(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs>
  <radialGradient id="glow" cx="0.2" cy="0.1" r="0.9"><stop offset="0" stop-color="${ACCENT_TO}" stop-opacity="0.35"/><stop offset="1" stop-color="${SURFACE}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1200" height="630" fill="${SURFACE}"/>
<rect width="1200" height="630" fill="url(#glow)"/>
${mark(80, 132, 96, 24)}
<text x="80" y="318" font-family="Inter Display, Inter, sans-serif" font-weight="700" font-size="76" fill="#e8ebf1" letter-spacing="-1.5">Media Studio</text>
<text font-family="Inter, sans-serif" font-size="30" fill="#a1a9ba"><tspan x="82" y="380">Generate images and video,</tspan><tspan x="82" y="422">review them with your team,</tspan><tspan x="82" y="464">and compare variations.</tspan></text>
${tiles()}
<rect x="0" y="622" width="1200" height="8" fill="${ACCENT_TO}"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

const favicon32 = await icon(32, true);
writeFileSync(path.join(out, "favicon.ico"), ico(favicon32, 32));
writeFileSync(path.join(out, "favicon-32x32.png"), favicon32);
writeFileSync(path.join(out, "apple-touch-icon.png"), await icon(180, false));
writeFileSync(path.join(out, "icon-192.png"), await icon(192, true));
writeFileSync(path.join(out, "icon-512.png"), await icon(512, true));
writeFileSync(path.join(out, "social-preview.png"), await preview());
console.info(`Wrote the brand images to ${out}`);
