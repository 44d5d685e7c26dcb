"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Dices, FlaskConical, GitCompareArrows, Grid3x3, Split } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState, type EmptyStateFeature } from "@/components/ui/empty-state";
import Link from "@/components/ui/link";
import { call } from "@/lib/client/endpoint-client";
import { experimentsKey } from "@/lib/client/experiments/keys";
import { useShowOlder } from "@/lib/client/older-pages";
import { api } from "@/lib/studio/api/addresses";
import { STATUS_WORDS } from "./types";

const features: readonly EmptyStateFeature[] = [
  {
    icon: Grid3x3,
    title: "Grids",
    description: "Cross prompts with parameter values and see every combination at once.",
  },
  {
    icon: Dices,
    title: "Seed sweeps",
    description: "Hold the prompt and settings still and vary only the seed.",
  },
  {
    icon: Split,
    title: "Re-run with a change",
    description: "Change one value of a row or column; the new version sits beside the old.",
  },
  {
    icon: GitCompareArrows,
    title: "Export",
    description: "The grid as one labelled image, or its parameters, timings and costs as CSV or JSON.",
  },
];

/** The team's experiments, newest first, a page at a time. */
export function ExperimentList() {
  const query = useInfiniteQuery({
    queryKey: experimentsKey,
    queryFn: ({ pageParam }) => call(api.experiments.list, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const showOlder = useShowOlder(query);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <p className="text-muted text-sm">Loading experiments…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-danger-fg text-sm">
        {query.error.message}
      </p>
    );
  if (items.length === 0) {
    return (
      <EmptyState
        icon={FlaskConical}
        title="No experiments yet"
        description="An experiment runs one idea across a set of variations and lays the results out side by side. Open a Create page, set up a task, and press Vary…"
        actions={
          <ButtonLink href="/create/text-to-image" variant="secondary">
            Start from text to image
          </ButtonLink>
        }
        features={features}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Experiments" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((e) => (
          <li key={e.id}>
            <Link
              href={`/experiments/${e.id}`}
              className="flex h-full gap-3 rounded-panel border border-border bg-panel p-3 shadow-panel transition-colors hover:border-border-strong"
            >
              <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-control bg-surface-sunken">
                {e.coverUrl ? (
                  // biome-ignore lint/performance/noImgElement: studio media, already sized by the studio
                  <img src={e.coverUrl} alt="" className="size-full object-cover" />
                ) : (
                  <Grid3x3 aria-hidden className="size-6 text-muted-subtle" />
                )}
              </div>
              <div className="flex min-w-0 flex-col gap-1.5">
                <p className="truncate font-medium text-foreground text-sm">{e.name}</p>
                <p className="text-[12px] text-muted">
                  {e.done} of {e.cells} done{e.failed > 0 ? ` · ${e.failed} failed` : ""}
                  {e.cancelled > 0 ? ` · ${e.cancelled} cancelled` : ""}
                </p>
                <div className="flex flex-wrap items-center gap-1.5">
                  <Badge
                    tone={e.status === "done" ? "success" : e.status === "running" ? "accent" : "neutral"}
                  >
                    {STATUS_WORDS[e.status]}
                  </Badge>
                  {e.version > 1 ? <Badge>version {e.version}</Badge> : null}
                  <span className="text-[12px] text-muted-subtle">
                    {e.createdByName ?? "someone"} · {new Date(e.createdAt).toLocaleDateString()}
                  </span>
                </div>
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
