import "server-only";
import sharp, { type OverlayOptions } from "@/lib/platform/sharp";
import type { MediaStorage } from "@/lib/server/storage";
import { wrapWords } from "@/lib/studio/experiments/wrap";
import type { CellView, ExperimentView } from "./view";

/**
 * The grid as one PNG: the first axis down the side, the second across the top; a third axis's
 * tabs one under another, each headed by its value (or only the tab asked for). Labels are SVG
 * text composited by sharp, wrapped onto as many lines as they need and never cut: the words a
 * long prompt differs in are often its last. A cell with several results shows them all as a
 * mosaic; a video cell and a cell without a result show a grey tile with their status.
 */

const CELL = 256;
const GAP = 8;
const SIDE = 200;
const FONT = 15;
const LINE = 19;
const PAD = 10;
/** DejaVu Sans at 15 px averages under 9 px a character: lines are wrapped at that width. */
const CHAR = 9;

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

const linesOf = (text: string, width: number) => wrapWords(text, Math.floor((width - 2 * PAD) / CHAR));
const heightOf = (lines: readonly string[]) => lines.length * LINE + 2 * PAD;

function label(
  lines: readonly string[],
  width: number,
  height: number,
  anchor: "middle" | "start" = "middle",
  weight = 400,
): Buffer {
  const x = anchor === "middle" ? width / 2 : PAD;
  const top = (height - lines.length * LINE) / 2 + FONT;
  const spans = lines
    .map((line, i) => `<tspan x="${x}" y="${top + i * LINE}">${escapeXml(line)}</tspan>`)
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text font-family="DejaVu Sans, sans-serif" font-size="${FONT}" font-weight="${weight}" fill="#e4e4e7" text-anchor="${anchor}">${spans}</text></svg>`,
  );
}

async function bytesOf(storage: MediaStorage, url: string): Promise<Buffer | null> {
  const key = decodeURIComponent(url.replace(/^\/api\/media\//, ""));
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A cell's tile: its images as a mosaic, or its status on grey. */
async function tile(storage: MediaStorage, cell: CellView | undefined): Promise<Buffer> {
  const images = (cell?.items ?? []).filter((i) => i.kind === "image");
  const across = Math.ceil(Math.sqrt(images.length));
  const part = across > 0 ? Math.floor((CELL - (across - 1) * 2) / across) : CELL;
  // Two images sit side by side in the tile's middle, not at its top.
  const down = across > 0 ? Math.ceil(images.length / across) : 0;
  const offset = Math.floor((CELL - (down * (part + 2) - 2)) / 2);
  const parts: OverlayOptions[] = [];
  for (const [k, media] of images.entries()) {
    const bytes = await bytesOf(storage, media.url);
    if (!bytes) continue;
    const input = await sharp(bytes)
      .resize(part, part, { fit: "contain", background: "#18181b" })
      .png()
      .toBuffer();
    parts.push({ input, left: (k % across) * (part + 2), top: offset + Math.floor(k / across) * (part + 2) });
  }
  if (parts.length === 0) {
    const words = cell?.items[0]?.kind === "video" ? "video" : (cell?.status ?? "empty");
    parts.push({ input: label([words], CELL, CELL) });
  }
  return sharp({
    create: { width: CELL, height: CELL, channels: 4, background: images.length ? "#18181b" : "#27272a" },
  })
    .composite(parts)
    .png()
    .toBuffer();
}

/** The grid image: every tab of a third axis, or only `layer` when it is given. */
export async function gridImage(
  view: ExperimentView,
  storage: MediaStorage,
  layer?: number,
): Promise<Buffer> {
  const rowsAxis = view.axes.length >= 2 ? view.axes[0] : undefined;
  const colsAxis = view.axes.length >= 2 ? view.axes[1] : view.axes[0];
  const third = view.axes[2];
  const rows = rowsAxis?.titles.length ?? 1;
  const cols = colsAxis?.titles.length ?? 1;
  const width = SIDE + cols * (CELL + GAP) + GAP;
  const colLines = Array.from({ length: cols }, (_, c) => linesOf(colsAxis?.titles[c] ?? "", CELL));
  const head = Math.max(40, ...colLines.map(heightOf));
  const rowLines = Array.from({ length: rows }, (_, r) => linesOf(rowsAxis?.titles[r] ?? "", SIDE));
  const rowHeights = rowLines.map((lines) => Math.max(CELL, heightOf(lines)));
  const gridHeight = head + rowHeights.reduce((sum, h) => sum + h + GAP, 0) + GAP;
  const layers = third ? (layer === undefined ? third.titles.map((_, i) => i) : [layer]) : [0];

  const overlays: OverlayOptions[] = [];
  let top = 0;
  for (const l of layers) {
    if (third) {
      // "CFG 7" names its axis already; "a castle at night" is headed "Prompt: a castle at night".
      const value = third.titles[l] ?? "";
      const named = value.toLowerCase().startsWith(third.name.toLowerCase());
      const lines = linesOf(named ? value : `${third.name}: ${value}`, width);
      const h = heightOf(lines);
      overlays.push({ input: label(lines, width, h, "start", 600), left: 0, top });
      top += h;
    }
    for (let c = 0; c < cols; c++) {
      const lines = colLines[c] ?? [];
      overlays.push({ input: label(lines, CELL, head), left: SIDE + GAP + c * (CELL + GAP), top });
    }
    let y = top + head + GAP;
    for (let r = 0; r < rows; r++) {
      const h = rowHeights[r] ?? CELL;
      overlays.push({ input: label(rowLines[r] ?? [], SIDE, h, "start"), left: 0, top: y });
      for (let c = 0; c < cols; c++) {
        const coords = [...(rowsAxis ? [r] : []), c, ...(third ? [l] : [])].join("-");
        const cell = view.cells.find((x) => x.coords.join("-") === coords);
        overlays.push({
          input: await tile(storage, cell),
          left: SIDE + GAP + c * (CELL + GAP),
          top: y + (h - CELL) / 2,
        });
      }
      y += h + GAP;
    }
    top += gridHeight;
  }
  return sharp({ create: { width, height: top, channels: 4, background: "#09090b" } })
    .composite(overlays)
    .png()
    .toBuffer();
}
