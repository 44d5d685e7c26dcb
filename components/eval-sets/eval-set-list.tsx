"use client";

import { ListChecks, Repeat, Scale, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import Link from "@/components/ui/link";
import { useEvalSetPages } from "@/lib/client/eval-sets/use-eval-sets";
import { useShowOlder } from "@/lib/client/older-pages";

/** The team's evaluation sets, most recently changed first, a page at a time. */
export function EvalSetList() {
  const query = useEvalSetPages();
  const showOlder = useShowOlder(query);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <p className="text-muted text-sm">Loading sets…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-danger-fg text-sm">
        {query.error.message}
      </p>
    );
  if (items.length === 0) {
    return (
      <EmptyState
        icon={ListChecks}
        title="No evaluation sets yet"
        description="Keep the prompts and seeds that matter to you in a set, then run it again whenever a model or a setting changes and compare the runs side by side."
        features={[
          { icon: ListChecks, title: "Cases", description: "By hand, from a board, or from an experiment." },
          { icon: Repeat, title: "Runs", description: "Any model and settings, each kept with its date." },
          { icon: Scale, title: "Side by side", description: "Every case across the runs you pick." },
          { icon: Star, title: "Ratings", description: "The team's ratings of each result and run." },
        ]}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Evaluation sets" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((s) => (
          <li key={s.id}>
            <Link
              href={`/experiments/sets/${s.id}`}
              className="flex h-full flex-col gap-2 rounded-panel border border-border bg-panel p-4 shadow-panel transition-colors hover:border-border-strong"
            >
              <p className="truncate font-medium text-foreground text-sm">{s.name}</p>
              <p className="text-[12px] text-muted">
                {s.cases} {s.cases === 1 ? "case" : "cases"} · {s.runs} {s.runs === 1 ? "run" : "runs"}
              </p>
              <div className="flex flex-wrap items-center gap-1.5">
                {s.version > 1 ? <Badge>version {s.version}</Badge> : null}
                <span className="text-[12px] text-muted-subtle">
                  {s.createdByName ?? "someone"} · changed {new Date(s.updatedAt).toLocaleDateString()}
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          onClick={showOlder}
          disabled={query.isFetchingNextPage}
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}
