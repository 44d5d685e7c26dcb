import type { SpendDay, SpendGrouping, SpendSeries } from "@/lib/studio/spend/chart";
import { usd } from "@/lib/studio/spend/money";
import { ModelLabel } from "./model-label";
import { colorOf } from "./spend-chart";

/** The chart's figures in words: each series' total (its legend), and every day's on request. */
export function SpendTable({
  by,
  series,
  days,
}: {
  by: SpendGrouping;
  series: SpendSeries[];
  days: SpendDay[];
}) {
  const heading = by === "member" ? "Member" : "Model";
  if (series.length === 0) {
    return <p className="text-[13px] text-muted-subtle">Nothing was spent in this month.</p>;
  }
  const names = new Map(series.map((s) => [s.key, s.label]));
  return (
    <div className="flex flex-col gap-3">
      <table className="w-full text-[13px]" data-testid="spend-legend">
        <caption className="sr-only">Spend by {by} this month</caption>
        <thead>
          <tr className="text-left text-muted-subtle">
            <th scope="col" className="py-1 font-medium">
              {heading}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Spend
            </th>
          </tr>
        </thead>
        <tbody>
          {series.map((s, i) => (
            <tr key={s.key} className="border-border border-t">
              <th scope="row" className="py-1.5 text-left font-normal text-foreground">
                <span className="flex items-start gap-2">
                  <span
                    aria-hidden
                    className="mt-1 inline-block size-2.5 shrink-0 rounded-sm"
                    style={{ background: colorOf(i) }}
                  />
                  {by === "model" && s.key ? <ModelLabel air={s.key} /> : s.label}
                </span>
              </th>
              <td className="py-1.5 text-right text-foreground tabular-nums">{usd(s.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="text-[13px]">
        <summary className="cursor-pointer text-muted hover:text-foreground">Every day's figures</summary>
        <table className="mt-2 w-full" data-testid="spend-days">
          <thead>
            <tr className="text-left text-muted-subtle">
              <th scope="col" className="py-1 font-medium">
                Day (UTC)
              </th>
              <th scope="col" className="py-1 font-medium">
                {heading}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Spend
              </th>
            </tr>
          </thead>
          <tbody>
            {days.flatMap((d) =>
              d.parts.map((p) => (
                <tr key={`${d.day}-${p.key}`} className="border-border border-t">
                  <td className="py-1 text-muted tabular-nums">{d.day}</td>
                  <td className="py-1 text-foreground">
                    {by === "model" && p.key ? <ModelLabel air={p.key} /> : names.get(p.key)}
                  </td>
                  <td className="py-1 text-right text-foreground tabular-nums">{usd(p.usd)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </details>
    </div>
  );
}
