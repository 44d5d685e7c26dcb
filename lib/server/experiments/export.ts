import "server-only";
import { withContractDefaults } from "@/lib/protocol/task-defaults";
import { downloadUrl } from "@/lib/studio/api/gallery-urls";
import { type CsvValue, toCsv } from "@/lib/studio/experiments/csv";
import { costOf, microsOf, microsText } from "@/lib/studio/spend/money";
import type { ExperimentView } from "./view";

/** Every leaf of a task's parameters as dotted paths (`lora.0.weight`), objects and lists walked. */
function leaves(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
  return out;
}

/** The parameter paths whose value is not the same in every cell. */
export function varyingPaths(view: ExperimentView): string[] {
  const flat = view.cells.map((c) => leaves(c.params));
  const paths = new Set(flat.flatMap((m) => [...m.keys()]));
  return [...paths].filter((p) => new Set(flat.map((m) => JSON.stringify(m.get(p) ?? null))).size > 1).sort();
}

/** Keys that name the task or its delivery, not what it made: no column of their own. */
const NOT_PARAMETERS = new Set(["taskUUID", "webhookURL", "deliveryMethod", "includeCost", "outputType"]);

/**
 * A cell's parameters as the service read them (what it omitted at the contract's defaults),
 * flattened: every one that made the cell, not only those its axes vary. `seed` has its own
 * column (each result's own), so it is left out here.
 */
function cellParameters(view: ExperimentView, params: Record<string, unknown>): Map<string, unknown> {
  const read = withContractDefaults({ taskType: view.taskType, ...params });
  for (const key of [...NOT_PARAMETERS, "taskType", "seed"]) delete read[key];
  return leaves(read);
}

/** Each result's seed, in the order of the media links; the cell's own seed before any result. */
function seedsOf(cell: ExperimentView["cells"][number]): string {
  const made = cell.items.map((i) => i.seed).filter((s): s is string => typeof s === "string");
  if (made.length > 0) return made.join(" ");
  const asked = cell.params.seed;
  return typeof asked === "number" || typeof asked === "string" ? String(asked) : "";
}

const asCsv = (v: unknown): CsvValue =>
  v === undefined || v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean"
    ? (v as CsvValue)
    : JSON.stringify(v);

const STATUS_WORDS: Record<string, string> = {
  pending: "waiting",
  sent: "running",
  done: "done",
  error: "failed",
  refused: "refused",
};

/**
 * One row per cell: its axis labels, every parameter that made it (those that vary first),
 * each result's seed, status, seconds, cost in US dollars (an exact decimal: summed in
 * micro-dollars), media links.
 */
export function experimentCsv(view: ExperimentView, origin: string): string {
  const flats = view.cells.map((cell) => cellParameters(view, cell.params));
  const varying = varyingPaths(view).filter((p) => p !== "seed" && !NOT_PARAMETERS.has(p));
  const rest = [...new Set(flats.flatMap((m) => [...m.keys()]))].filter((p) => !varying.includes(p)).sort();
  const paths = [...varying, ...rest];
  const header = [
    ...view.axes.map((a) => a.name),
    ...paths,
    "seed",
    "status",
    "seconds",
    "cost (USD)",
    "error",
    "media",
  ];
  const rows = view.cells.map((cell, index) => {
    const flat = flats[index] ?? new Map<string, unknown>();
    const micros = microsOf(cell.items.map((i) => i.cost));
    return [
      ...view.axes.map((a, i) => a.titles[cell.coords[i] ?? -1] ?? ""),
      ...paths.map((p) => asCsv(flat.get(p))),
      seedsOf(cell),
      STATUS_WORDS[cell.status] ?? cell.status,
      cell.seconds === null ? null : Math.round(cell.seconds * 1000) / 1000,
      micros === null ? null : microsText(micros),
      cell.errors.map((e) => e.message).join(" "),
      cell.items.map((i) => new URL(downloadUrl(i.id), origin).toString()).join(" "),
    ];
  });
  return toCsv(header, rows);
}

/** The same as JSON: the experiment, its axes, and every cell with its parameters and media. */
export function experimentJson(view: ExperimentView, origin: string) {
  return {
    id: view.id,
    name: view.name,
    version: view.version,
    parentId: view.parentId,
    taskType: view.taskType,
    status: view.status,
    base: view.base,
    axes: view.axes,
    cells: view.cells.map((c) => ({
      coords: c.coords,
      labels: view.axes.map((a, i) => a.titles[c.coords[i] ?? -1] ?? null),
      params: c.params,
      status: c.status,
      seconds: c.seconds,
      cost: costOf(c.items.map((i) => i.cost)),
      errors: c.errors,
      media: c.items.map((i) => ({
        id: i.id,
        kind: i.kind,
        url: new URL(downloadUrl(i.id), origin).toString(),
      })),
    })),
  };
}
