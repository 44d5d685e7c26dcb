"use client";

import { useId, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import type { VoteResults } from "@/lib/studio/api/votes";
import { plural } from "@/lib/studio/words";
import { CriteriaRankings } from "./criteria-rankings";
import { VoteRanking } from "./vote-ranking";

type Who = "everyone" | "team" | "guests";

/**
 * A closed vote's ranking, and when guests voted through a link, the same ranking from the team's
 * votes alone and from the guests' alone, on every criterion: whether the two agree is worth
 * seeing at a glance.
 */
export function VoteRankings({ results }: { results: VoteResults }) {
  const id = useId();
  const [who, setWho] = useState<Who>("everyone");
  const several = results.byCriterion.length > 1;
  if (results.guests.votes === 0)
    return several ? <CriteriaRankings results={results} /> : <VoteRanking results={results} />;
  const groups: { value: Who; label: string; voters: number }[] = [
    { value: "everyone", label: "Everyone", voters: results.voters },
    { value: "team", label: "Team", voters: results.team.voters },
    { value: "guests", label: "Guests", voters: results.guests.voters },
  ];
  const group = who === "everyone" ? null : results[who];
  // A group's own rankings on each criterion, in place of everyone's.
  const shown: VoteResults = group
    ? {
        ...results,
        votes: group.votes,
        voters: group.voters,
        ranking: group.ranking,
        byCriterion: results.byCriterion.map((c, k) => ({ ...c, ranking: group.byCriterion[k] ?? null })),
      }
    : results;
  const any = shown.byCriterion.some((c) => c.ranking !== null) || shown.ranking !== null;
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label="Whose votes" className="flex gap-1 border-border border-b">
        {groups.map((g) => (
          <button
            key={g.value}
            id={`${id}-${g.value}`}
            type="button"
            role="tab"
            aria-selected={who === g.value}
            aria-controls={`${id}-panel`}
            onClick={() => setWho(g.value)}
            className={cn(
              "-mb-px border-b-2 px-2.5 pb-2 font-medium text-[13px] transition-colors",
              focusRing,
              who === g.value
                ? "border-accent text-foreground"
                : "border-transparent text-muted hover:text-foreground",
            )}
          >
            {g.label}{" "}
            <span className="ml-1.5 font-normal text-muted-subtle tabular-nums">
              {plural(g.voters, "voter")}
            </span>
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${who}`}>
        {!any ? null : several ? (
          <CriteriaRankings results={shown} />
        ) : shown.ranking ? (
          <VoteRanking results={shown} />
        ) : null}
        {any ? null : (
          <p className="text-[13px] text-muted">
            {who === "team" ? "Nobody on the team voted." : "No guest voted."}
          </p>
        )}
      </div>
    </div>
  );
}
