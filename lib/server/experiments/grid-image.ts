import "server-only";
import sharp, { type OverlayOptions } from "sharp";
import type { MediaStorage } from "@/lib/server/storage";
import type { ExperimentView } from "./view";

/**
 * The grid as one PNG: the first axis down the side, the second across the top, one layer of a
 * third axis (its label in the corner). Labels are SVG text composited by sharp; a video cell and
 * a cell without a result show a grey tile with their status.
 */

const CELL = 256;
const GAP = 8;
const HEAD = 40;
const SIDE = 180;

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

function label(text: string, width: number, height: number, anchor: "middle" | "start" = "middle"): Buffer {
  const x = anchor === "middle" ? width / 2 : 8;
  const clipped = text.length > 34 ? `${text.slice(0, 33)}…` : text;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${x}" y="${height / 2 + 5}" font-family="DejaVu Sans, sans-serif" font-size="15" fill="#e4e4e7" text-anchor="${anchor}">${escapeXml(clipped)}</text></svg>`,
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

export async function gridImage(view: ExperimentView, storage: MediaStorage, layer = 0): Promise<Buffer> {
  const rowsAxis = view.axes[0];
  const colsAxis = view.axes[1];
  const rows = rowsAxis?.labels.length ?? 1;
  const cols = colsAxis?.labels.length ?? 1;
  const width = SIDE + cols * (CELL + GAP) + GAP;
  const height = HEAD + rows * (CELL + GAP) + GAP;
  const layers: OverlayOptions[] = [];
  const third = view.axes[2];
  if (third) layers.push({ input: label(third.labels[layer] ?? "", SIDE, HEAD, "start"), left: 0, top: 0 });
  for (let c = 0; c < cols; c++) {
    layers.push({
      input: label(colsAxis?.labels[c] ?? "", CELL, HEAD),
      left: SIDE + GAP + c * (CELL + GAP),
      top: 0,
    });
  }
  for (let r = 0; r < rows; r++) {
    layers.push({
      input: label(rowsAxis?.labels[r] ?? "", SIDE, CELL, "start"),
      left: 0,
      top: HEAD + GAP + r * (CELL + GAP),
    });
    for (let c = 0; c < cols; c++) {
      const coords = [r, ...(colsAxis ? [c] : []), ...(third ? [layer] : [])];
      const cell = view.cells.find((x) => x.coords.join("-") === coords.join("-"));
      const left = SIDE + GAP + c * (CELL + GAP);
      const top = HEAD + GAP + r * (CELL + GAP);
      const media = cell?.items.find((i) => i.kind === "image");
      const bytes = media ? await bytesOf(storage, media.url) : null;
      const tile = bytes
        ? await sharp(bytes).resize(CELL, CELL, { fit: "contain", background: "#18181b" }).png().toBuffer()
        : await sharp({ create: { width: CELL, height: CELL, channels: 4, background: "#27272a" } })
            .composite([
              {
                input: label(
                  cell?.items[0]?.kind === "video" ? "video" : (cell?.status ?? "empty"),
                  CELL,
                  CELL,
                ),
              },
            ])
            .png()
            .toBuffer();
      layers.push({ input: tile, left, top });
    }
  }
  return sharp({ create: { width, height, channels: 4, background: "#09090b" } })
    .composite(layers)
    .png()
    .toBuffer();
}
