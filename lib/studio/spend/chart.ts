import { usd } from "./money";
import { daysOf } from "./month";

export type SpendGrouping = "member" | "model";

export interface SpendRow {
  day: string;
  memberId: string;
  model: string | null;
  usd: number;
}

export interface SpendSeries {
  key: string;
  label: string;
  total: number;
}

export interface SpendDay {
  day: string;
  total: number;
  /** USD per series key, in the series' order; absent keys spent nothing that day. */
  parts: { key: string; usd: number }[];
}

/**
 * A month's spend as a stacked bar chart reads it: one bar per UTC day, stacked by member or by
 * model, the series largest first (the biggest spender at the bottom of every bar, same colour).
 */
export function stackByDay(
  rows: readonly SpendRow[],
  month: string,
  by: SpendGrouping,
  names: ReadonlyMap<string, string>,
): { series: SpendSeries[]; days: SpendDay[]; max: number } {
  const keyOf = (r: SpendRow) => (by === "member" ? r.memberId : (r.model ?? ""));
  const totals = new Map<string, number>();
  const cells = new Map<string, number>();
  for (const r of rows) {
    const key = keyOf(r);
    totals.set(key, (totals.get(key) ?? 0) + r.usd);
    cells.set(`${r.day}|${key}`, (cells.get(`${r.day}|${key}`) ?? 0) + r.usd);
  }
  const series = [...totals]
    .map(([key, total]) => ({
      key,
      total,
      label: by === "member" ? (names.get(key) ?? "A removed member") : key || "Model not named",
    }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  const days = daysOf(month).map((day) => {
    const parts = series.flatMap((s) => {
      const usd = cells.get(`${day}|${s.key}`);
      return usd === undefined ? [] : [{ key: s.key, usd }];
    });
    return { day, parts, total: parts.reduce((sum, p) => sum + p.usd, 0) };
  });
  return { series, days, max: Math.max(0, ...days.map((d) => d.total)) };
}

/**
 * A round top for the chart's scale: 1, 2 or 5 times a power of ten, at least `max`. A month
 * with nothing spent is drawn on a dollar: a scale of cents would say figures it does not have.
 */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  // Costs come to the micro-dollar: a scale finer than two of them would mark figures none can be.
  if (max <= 2e-6) return 2e-6;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The scale's marks, bottom to top, each written as money with one precision: no two alike. */
export function axisTicks(max: number): { value: number; label: string }[] {
  const top = niceCeiling(max);
  const step = top / 2;
  return [0, step, top].map((value) => ({ value, label: usd(value, { step }) }));
}
