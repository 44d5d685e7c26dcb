"use client";

import { useId, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import type { VoteResults } from "@/lib/studio/api/votes";
import { VoteRanking } from "./vote-ranking";

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** The answers on one criterion: each names two variants, so each is counted twice over them. */
const answersOn = (ranking: NonNullable<VoteResults["ranking"]>): number =>
  Math.round(ranking.variants.reduce((a, v) => a + v.wins + v.losses + v.ties + v.rejected, 0) / 2);

/**
 * A closed vote asked on several criteria: one column per criterion with each variant's place and
 * rejected rate, at a glance, then one tab per criterion with its own ranking and intervals.
 */
export function CriteriaRankings({ results }: { results: VoteResults }) {
  const id = useId();
  const [shown, setShown] = useState(0);
  const criteria = results.byCriterion;
  const first = criteria.find((c) => c.ranking !== null)?.ranking;
  if (!first) return null;
  const rows = first.variants.map((v) => ({
    value: v.value,
    label: v.label,
    places: criteria.map((c) => {
      const at = c.ranking?.variants.findIndex((x) => x.value === v.value) ?? -1;
      const row = c.ranking?.variants[at];
      return row
        ? {
            place: at + 1,
            chance: row.winChance,
            rejected: row.rejected,
            rate: row.rejectedRate,
            sets: row.rejectedSets,
          }
        : null;
    }),
  }));
  const current = criteria[shown];
  return (
    <div className="flex flex-col gap-5">
      <div className="overflow-x-auto rounded-control border border-border">
        <table className="w-full text-[13px]" aria-label="Places by criterion">
          <thead className="bg-panel-raised/60 text-left text-[12px] text-muted">
            <tr>
              <th className="px-3 py-2 font-medium">{results.axisName}</th>
              {criteria.map((c) => (
                <th key={c.name} scope="col" className="px-3 py-2 font-medium">
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value} className="border-border border-t">
                <th
                  scope="row"
                  className="max-w-[18rem] truncate px-3 py-2 text-left font-normal text-foreground"
                  title={r.label}
                >
                  {r.label}
                </th>
                {r.places.map((p, c) => (
                  <td key={criteria[c]?.name ?? c} className="px-3 py-2 text-muted tabular-nums">
                    {p ? (
                      <>
                        <span className="font-medium text-foreground">#{p.place}</span> · {percent(p.chance)}
                        {p.sets > 0 ? (
                          <span className="text-danger-fg">
                            {" "}
                            · rejected in {p.sets} {p.sets === 1 ? "set" : "sets"}
                          </span>
                        ) : p.rejected > 0 ? (
                          <span className="text-danger-fg"> · rejected {percent(p.rate)}</span>
                        ) : null}
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div role="tablist" aria-label="Criterion" className="flex gap-1 border-border border-b">
        {criteria.map((c, k) => (
          <button
            key={c.name}
            id={`${id}-${k}`}
            type="button"
            role="tab"
            aria-selected={shown === k}
            aria-controls={`${id}-panel`}
            onClick={() => setShown(k)}
            className={cn(
              "-mb-px border-b-2 px-2.5 pb-2 font-medium text-[13px] transition-colors",
              focusRing,
              shown === k
                ? "border-accent text-foreground"
                : "border-transparent text-muted hover:text-foreground",
            )}
          >
            {c.name}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${shown}`}>
        {current?.ranking ? (
          <VoteRanking
            results={{ ...results, votes: answersOn(current.ranking), ranking: current.ranking }}
          />
        ) : (
          <p className="text-[13px] text-muted">No votes on this criterion.</p>
        )}
      </div>
    </div>
  );
}
