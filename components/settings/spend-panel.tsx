"use client";

import { ChevronLeft, ChevronRight, Coins } from "lucide-react";
import { useMemo, useState } from "react";
import { SpendChart } from "@/components/spend/spend-chart";
import { SpendTable } from "@/components/spend/spend-table";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { type SpendGrouping, stackByDay } from "@/lib/studio/spend/chart";
import { usd } from "@/lib/studio/spend/money";
import { monthName, monthOf, nextMonth, previousMonth } from "@/lib/studio/spend/month";
import { SettingsSection } from "./settings-section";

/**
 * Settings > Spend: what the service charged in a month (UTC), by day, stacked by member or by
 * model. Owners see the team's figures; every other member their own.
 */
export function SpendPanel({ owner, embedded }: { owner: boolean; embedded: boolean }) {
  const thisMonth = monthOf(new Date());
  const [month, setMonth] = useState(thisMonth);
  const [by, setBy] = useState<SpendGrouping>(owner ? "member" : "model");
  const summary = useEndpoint(api.spend.summary, { query: { month } });
  const data = summary.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const names = new Map(data.members.map((m) => [m.id, m.name]));
    return stackByDay(data.rows, data.month, by, names);
  }, [data, by]);
  const whose = owner ? "The team's" : "Your";
  const current = month === thisMonth;

  return (
    <SettingsSection
      icon={Coins}
      labelId="spend-heading"
      title="Spend"
      description={
        <>
          What the service charged for {owner ? "the team's" : "your"} tasks, by day. Months run in UTC.
          {embedded ? " Prices from the built-in engine's own table: nothing is charged." : ""}
        </>
      }
      actions={
        <div className="flex items-center gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label="Previous month"
            onClick={() => setMonth((m) => previousMonth(m))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span
            aria-live="polite"
            data-testid="spend-month"
            className="min-w-32 text-center text-[13px] text-foreground"
          >
            {monthName(month)}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Next month"
            disabled={current}
            onClick={() => setMonth((m) => nextMonth(m))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-4 px-5 py-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-[12px] text-muted-subtle">
              {whose} total {current ? "this month" : `in ${monthName(month)}`}
            </p>
            <p data-testid="spend-total" className="font-semibold text-[22px] text-foreground tabular-nums">
              {data ? usd(data.total) : "…"}
            </p>
          </div>
          {owner ? (
            <Segmented<SpendGrouping>
              label="Stack the bars by"
              value={by}
              onChange={setBy}
              options={[
                { value: "member", label: "By member" },
                { value: "model", label: "By model" },
              ]}
            />
          ) : null}
        </div>
        {summary.error ? <FormError>{summary.error.message}</FormError> : null}
        {chart && data ? (
          <>
            <SpendChart
              title={`${whose} spend by day in ${monthName(month)}, stacked by ${by}`}
              series={chart.series}
              days={chart.days}
              max={chart.max}
            />
            <SpendTable by={by} series={chart.series} days={chart.days} />
          </>
        ) : null}
      </div>
    </SettingsSection>
  );
}
