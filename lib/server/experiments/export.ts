import "server-only";
import { type CsvValue, toCsv } from "@/lib/studio/experiments/csv";
import { downloadUrl } from "@/lib/studio/gallery-urls";
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

/** One row per cell: its axis labels, the parameters that vary, status, seconds, cost, media links. */
export function experimentCsv(view: ExperimentView, origin: string): string {
  const paths = varyingPaths(view);
  const header = [...view.axes.map((a) => a.name), ...paths, "status", "seconds", "cost", "error", "media"];
  const rows = view.cells.map((cell) => {
    const flat = leaves(cell.params);
    const cost = cell.items.reduce<number | null>(
      (sum, i) => (i.cost === null ? sum : (sum ?? 0) + i.cost),
      null,
    );
    return [
      ...view.axes.map((a, i) => a.titles[cell.coords[i] ?? -1] ?? ""),
      ...paths.map((p) => asCsv(flat.get(p))),
      STATUS_WORDS[cell.status] ?? cell.status,
      cell.seconds === null ? null : Math.round(cell.seconds * 1000) / 1000,
      cost,
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
      cost: c.items.reduce<number | null>((sum, i) => (i.cost === null ? sum : (sum ?? 0) + i.cost), null),
      errors: c.errors,
      media: c.items.map((i) => ({
        id: i.id,
        kind: i.kind,
        url: new URL(downloadUrl(i.id), origin).toString(),
      })),
    })),
  };
}
