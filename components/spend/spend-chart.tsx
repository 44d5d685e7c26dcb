import { useId } from "react";
import { axisTicks, niceCeiling, type SpendDay, type SpendSeries } from "@/lib/studio/spend/chart";
import { usd } from "@/lib/studio/spend/money";

/** Distinct on the studio's dark panels, in the order series are drawn (largest first). */
const COLORS = ["#7c9cff", "#f2b36b", "#6fd3a8", "#e784c5", "#b39cff", "#e8d96f", "#76c7e8", "#ef8a80"];
/** Series past the palette share its last colour: more than eight spenders is a table's job. */
export const colorOf = (i: number) => COLORS[Math.min(i, COLORS.length - 1)] ?? "#888";

// About the width the chart is drawn at on a laptop, so its words stay near their own size.
const W = 1000;
const H = 240;
const PAD = { top: 12, right: 8, bottom: 24, left: 52 };

/**
 * One bar per day, stacked by series. An image to a screen reader, named by `title` and
 * described by its totals; every stack has its own tooltip, and the panel's table holds the same
 * figures in words.
 */
export function SpendChart({
  title,
  series,
  days,
  max,
}: {
  title: string;
  series: SpendSeries[];
  days: SpendDay[];
  max: number;
}) {
  const id = useId();
  const top = niceCeiling(max);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = axisTicks(max);
  const index = new Map(series.map((s, i) => [s.key, i]));
  const label = (s: SpendSeries) => s.label;
  const described = series.map((s) => `${label(s)} ${usd(s.total)}`).join(", ");
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full"
      data-testid="spend-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{series.length > 0 ? described : "Nothing was spent."}</desc>
      {ticks.map(({ value: t, label: words }) => (
        <g key={t} data-testid="spend-axis-tick">
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(t)}
            y2={y(t)}
            stroke="currentColor"
            className="text-border"
            strokeDasharray={t === 0 ? undefined : "3 4"}
          />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="fill-muted-subtle text-[11px]">
            {words}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        let base = 0;
        return (
          <g key={d.day} data-day={d.day}>
            {d.parts.map((p) => {
              const from = base;
              base += p.usd;
              const s = series[index.get(p.key) ?? 0];
              return (
                <rect
                  key={p.key}
                  x={x}
                  width={barW}
                  y={y(base)}
                  height={Math.max(1, y(from) - y(base))}
                  fill={colorOf(index.get(p.key) ?? 0)}
                  rx={1.5}
                >
                  <title>{`${d.day}: ${s ? label(s) : ""} ${usd(p.usd)}`}</title>
                </rect>
              );
            })}
            {/* Every fifth day named, and the first: thirty labels would not fit under the bars. */}
            {i === 0 || (i + 1) % 5 === 0 ? (
              <text x={x + barW / 2} y={H - 6} textAnchor="middle" className="fill-muted-subtle text-[11px]">
                {Number(d.day.slice(8))}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
