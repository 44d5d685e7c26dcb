import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { MediaStorage } from "@/lib/server/storage";
import { experimentCsv, experimentJson } from "./export";
import { gridImage } from "./grid-image";
import type { CellItem } from "./records";
import type { CellView, ExperimentView } from "./view";

/**
 * The exports of a three-axis grid whose cells made two images each: every image and every tab
 * is in them, and no label is cut. Built from a view alone, with media storage in memory.
 */

const STORMY = "a castle on a hill under a stormy sky, dramatic light, highly detailed oil painting";
const NIGHT = "a castle on a hill under a clear sky at night, dramatic light, highly detailed oil painting";
const COLORS = ["#ff0000", "#00ff00", "#0000ff", "#ffff00"];

async function swatch(color: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function memoryStorage(): Promise<MediaStorage> {
  const objects = new Map<string, Buffer>();
  for (const color of COLORS) objects.set(`${color.slice(1)}.png`, await swatch(color));
  return {
    kind: "local",
    put: async () => ({ bytes: 0 }),
    get: async (key) => {
      const bytes = objects.get(key);
      return bytes ? { stream: Readable.from([bytes]), size: bytes.length, mime: "image/png" } : null;
    },
    stat: async () => null,
    delete: async () => {},
  };
}

function view(): ExperimentView {
  const cells: CellView[] = [];
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 2; c++)
      for (let l = 0; l < 3; l++) {
        const key = `${r}-${c}-${l}`;
        cells.push({
          key,
          coords: [r, c, l],
          status: "done",
          params: { positivePrompt: r === 0 ? STORMY : NIGHT, seed: c + 1, CFGScale: 3 + 2 * l },
          errors: [],
          attempts: 1,
          taskUUID: null,
          seconds: 1,
          items: [0, 1].map((k) => ({
            id: `00000000-0000-4000-8000-${key.replace(/-/g, "").padStart(10, "0")}0${k}`,
            kind: "image" as const,
            url: `/api/media/${COLORS[(r * 2 + k) % 4]?.slice(1)}.png`,
            width: 64,
            height: 64,
            cost: null,
            seed: `${c + 1}00${k}`,
          })),
        });
      }
  return {
    id: "e",
    name: "castles",
    taskType: "imageInference",
    status: "done",
    version: 1,
    parentId: null,
    createdBy: "u",
    createdAt: new Date(0).toISOString(),
    concurrency: 4,
    base: {},
    axes: [
      {
        name: "Prompt",
        kind: "prompts",
        labels: [`${STORMY.slice(0, 47)}…`, `${NIGHT.slice(0, 47)}…`],
        titles: [STORMY, NIGHT],
      },
      { name: "Seed", kind: "seeds", labels: ["seed 1", "seed 2"], titles: ["seed 1", "seed 2"] },
      {
        name: "CFG",
        kind: "values",
        labels: ["CFG 3", "CFG 5", "CFG 7"],
        titles: ["CFG 3", "CFG 5", "CFG 7"],
      },
    ],
    cells,
    progress: { done: 12, failed: 0, cancelled: 0, refused: 0, running: 0, total: 12 },
    versions: [],
  };
}

describe("an experiment's exports", () => {
  it("stacks every tab of a third axis in the grid image, or gives the one asked for", async () => {
    const storage = await memoryStorage();
    const all = await sharp(await gridImage(view(), storage)).metadata();
    const one = await sharp(await gridImage(view(), storage, 1)).metadata();
    expect(all.width).toBe(one.width);
    expect(all.height).toBe((one.height ?? 0) * 3);
  });

  it("shows each of a cell's images, and wraps a long row label onto lines instead of cutting it", async () => {
    const png = await gridImage(view(), await memoryStorage(), 0);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    // Row 0's cell at seed 1 holds a red and a green image, side by side in its tile.
    const tile = { left: 208, size: 256 };
    const red = Array.from({ length: info.height }, (_, y) => y).find(
      (y) => at(tile.left + 64, y).join() === "255,0,0",
    );
    expect(red).toBeDefined();
    expect(at(tile.left + 192, (red ?? 0) + 10)).toEqual([0, 255, 0]);
    // The side column holds the row's label as several lines of text, one band of light pixels each.
    let bands = 0;
    let inText = false;
    for (let y = red ?? 0; y < (red ?? 0) + tile.size; y++) {
      const lit = Array.from({ length: 200 }, (_, x) => at(x, y)).some((p) => (p[0] ?? 0) > 150);
      if (lit && !inText) bands++;
      inText = lit;
    }
    expect(bands).toBeGreaterThanOrEqual(4);
    expect(info.width).toBe(200 + 2 * (256 + 8) + 8);
  });

  it("writes every image's link and the uncut labels in the CSV and the JSON", () => {
    const csv = experimentCsv(view(), "http://studio.test").trimEnd().split("\r\n");
    expect(csv).toHaveLength(13);
    expect(csv[1]).toContain(`"${STORMY}"`);
    expect(csv[1]?.match(/\/api\/items\/[0-9a-f-]{36}\/download/g)).toHaveLength(2);
    const json = experimentJson(view(), "http://studio.test");
    expect(json.cells[0]?.labels[0]).toBe(STORMY);
    expect(json.cells.every((c) => c.media.length === 2)).toBe(true);
  });

  it("writes each cost as the exact decimal it sums to, and every parameter that made the cell with each result's seed", () => {
    const base = view();
    const priced: ExperimentView = {
      ...base,
      cells: base.cells.map((cell) => ({
        ...cell,
        params: { ...cell.params, model: "runware:100@1", width: 448, height: 448 },
        items: [0, 1, 2].map((k) => ({ ...(cell.items[0] as CellItem), seed: `${k + 7}`, cost: 0.001363 })),
      })),
    };
    // Summed as floats, three of these are 0.004089000000000001.
    expect(0.001363 + 0.001363 + 0.001363).not.toBe(0.004089);
    const [header, ...rows] = parseCsv(experimentCsv(priced, "http://studio.test"));
    const column = (name: string) => (header ?? []).indexOf(name);
    expect(column("cost (USD)")).toBeGreaterThan(-1);
    for (const row of rows) expect(row[column("cost (USD)")]).toBe("0.004089");
    expect(rows[0]?.[column("seed")]).toBe("7 8 9");
    // The parameters the axes do not vary, and those the task left to the contract's defaults.
    for (const name of ["model", "width", "height", "steps", "CFGScale", "numberResults", "positivePrompt"])
      expect(column(name), name).toBeGreaterThan(-1);
    expect(rows[0]?.[column("steps")]).toBe("20");
    expect(header).not.toContain("taskUUID");
    expect(experimentJson(priced, "http://studio.test").cells[0]?.cost).toBe(0.004089);
  });
});

/** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}
