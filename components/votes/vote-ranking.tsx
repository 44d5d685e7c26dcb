import type { VoteResults } from "@/lib/studio/api/votes";
import { answersWords, questionsWords, rejectedAnswers } from "@/lib/studio/votes/count-words";
import { agreementWords } from "@/lib/studio/votes/words";

const logistic = (s: number) => 1 / (1 + Math.exp(-s));
const percent = (x: number) => `${Math.round(x * 100)}%`;
const setsWords = (n: number) => `${n} ${n === 1 ? "set" : "sets"}`;
/** One grid for the scale's header and every row, so the bars share their 0–100% axis. */
const COLUMNS = "sm:grid-cols-[2rem_minmax(0,18rem)_minmax(0,1fr)_15rem] sm:gap-x-4";

/**
 * A closed vote's ranking: each variant's chance of beating an average one, with its 95%
 * interval drawn as a bar on one 0–100% scale (the dashed line is an even chance), its votes, and
 * how far the voters agreed. No hooks: the share page renders it on the server too.
 */
export function VoteRanking({ results }: { results: VoteResults }) {
  const ranking = results.ranking;
  if (!ranking) return null;
  const agreement = agreementWords(ranking.agreement);
  return (
    <div className="flex flex-col gap-4" data-testid="vote-ranking">
      <div className="flex flex-col gap-1">
        <p className="font-medium text-[14px] text-foreground" data-testid="agreement">
          {agreement.headline}
        </p>
        <details className="group text-[12px] text-muted" data-testid="agreement-details">
          <summary className="w-fit cursor-pointer text-muted-subtle hover:text-foreground">
            How far voters agreed
          </summary>
          <p className="mt-1">{agreement.detail}</p>
        </details>
      </div>
      <p className="text-[13px] text-muted">
        <span className="font-medium text-foreground">
          {answersWords(
            results.format,
            results.votes,
            ranking.variants.length,
            rejectedAnswers(ranking.variants),
          )}
        </span>{" "}
        from {results.voters} {results.voters === 1 ? "voter" : "voters"} on{" "}
        {questionsWords(results.format, results.pairs, ranking.variants.length)}
        {ranking.ties > 0 ? ` · ${ranking.ties} ${ranking.ties === 1 ? "tie" : "ties"}` : ""}
      </p>
      <div
        aria-hidden
        className={`hidden px-3 text-[11px] text-muted-subtle tabular-nums sm:grid ${COLUMNS}`}
      >
        <span />
        <span>{results.axisName}</span>
        <span className="relative h-4">
          <span className="absolute left-0">0%</span>
          <span className="absolute left-1/2 -translate-x-1/2">even chance</span>
          <span className="absolute right-0">100%</span>
        </span>
        <span className="text-right">beats an average one</span>
      </div>
      <ol aria-label="Ranking" className="-mt-2 flex flex-col gap-3">
        {ranking.variants.map((v, i) => {
          const low = v.low === null ? null : logistic(v.low);
          const high = v.high === null ? null : logistic(v.high);
          return (
            <li
              key={v.value}
              aria-label={`${i + 1}. ${v.label}`}
              className={`grid grid-cols-[2rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 rounded-control border border-border bg-panel-raised/50 px-3 py-2.5 sm:items-center ${COLUMNS}`}
            >
              <span
                className={
                  i === 0
                    ? "grid size-7 place-items-center rounded-full bg-accent/15 font-semibold text-[13px] text-accent-fg"
                    : "grid size-7 place-items-center rounded-full bg-surface-sunken font-medium text-[13px] text-muted"
                }
              >
                {i + 1}
              </span>
              <p className="truncate text-[13px] text-foreground" title={v.label}>
                {v.label}
              </p>
              <div
                className="relative col-span-2 h-5 sm:col-span-1"
                role="img"
                aria-label={
                  low !== null && high !== null
                    ? `Beats an average ${results.axisName.toLowerCase()} ${percent(v.winChance)} of the time, 95% interval ${percent(low)} to ${percent(high)}`
                    : `Beats an average ${results.axisName.toLowerCase()} ${percent(v.winChance)} of the time; too few votes for an interval`
                }
              >
                <div className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 bg-border" />
                <div className="absolute inset-y-0 left-1/2 border-border-strong border-l border-dashed" />
                {low !== null && high !== null ? (
                  <div
                    data-testid="interval-bar"
                    className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-accent/35"
                    style={{ left: `${low * 100}%`, width: `${Math.max(0.5, (high - low) * 100)}%` }}
                  />
                ) : null}
                <div
                  className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-panel bg-accent"
                  style={{ left: `${v.winChance * 100}%` }}
                />
              </div>
              <p className="col-span-2 text-[12px] text-muted tabular-nums sm:col-span-1 sm:text-right">
                <span className="font-medium text-foreground">{percent(v.winChance)}</span>
                {low !== null && high !== null ? ` (${percent(low)}–${percent(high)})` : " (too few votes)"}
                <span className="text-muted-subtle">
                  {" "}
                  · {v.wins} won · {v.losses} lost{v.ties > 0 ? ` · ${v.ties} even` : ""}
                </span>
                {v.rejectedSets > 0 ? (
                  <span className="block text-danger-fg" data-testid="rejected-sets">
                    Rejected in {setsWords(v.rejectedSets)} ({percent(v.rejectedRate)} of its answers)
                  </span>
                ) : v.rejected > 0 ? (
                  <span className="block text-danger-fg" data-testid="rejected-rate">
                    Rejected {percent(v.rejectedRate)} (both bad {v.rejected}×)
                  </span>
                ) : null}
              </p>
            </li>
          );
        })}
      </ol>
      <p className="text-[12px] text-muted-subtle">
        Bars: the chance of beating an average {results.axisName.toLowerCase()}, with its 95% interval
        (Bradley–Terry fit; a tie counts half a win to each side, as do two put at one place in a set). The
        dashed line is an even chance. “Both bad” answers do not move this ranking: they show apart, as each
        one's rejected rate (its share of the answers on it); so does “None of these is good” on a set.
      </p>
    </div>
  );
}
