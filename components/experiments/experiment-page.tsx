"use client";

import { Download, GitCompareArrows, Pause, Play, Square } from "lucide-react";
import { useCallback, useState } from "react";
import { PresenceAvatars } from "@/components/presence/presence-avatars";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import Link from "@/components/ui/link";
import { BlindVoteButton } from "@/components/votes/blind-vote-button";
import { VoteList } from "@/components/votes/vote-list";
import { VoteOverlay } from "@/components/votes/vote-overlay";
import { call, urlOf, useEndpoint } from "@/lib/client/endpoint-client";
import { useExperimentRefresh } from "@/lib/client/experiments/use-experiment-refresh";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { compareUrl } from "@/lib/studio/api/gallery-urls";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { costOf, usd } from "@/lib/studio/spend/money";
import { GridSection } from "./grid-section";
import { RerunDialog } from "./rerun-dialog";
import { type CellView, STATUS_WORDS } from "./types";

interface ExperimentPageProps {
  id: string;
  canRun: boolean;
  /** Reviewers and up vote in blind rounds; editors and up share them. */
  canVote?: boolean;
  canShare?: boolean;
}

/** One experiment: progress, controls, the grid filling live, compare, re-run, export and votes. */
export function ExperimentPage({ id, canRun, canVote = false, canShare = false }: ExperimentPageProps) {
  const refresh = useExperimentRefresh(id);
  const query = useEndpoint(api.experiments.get, { params: { id } });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rerun, setRerun] = useState<{ axis: number; index: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The grid's callbacks keep their identity across renders, so its memoized cells stay as drawn.
  const act = useCallback(
    async (send: () => Promise<unknown>) => {
      try {
        await send();
        setError(null);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        setError(err.errors.map((e) => e.message).join(" "));
      }
      await refresh();
    },
    [refresh],
  );
  const retry = useCallback(
    (cell: CellView) => void act(() => call(api.experiments.retryCell, { params: { id, key: cell.key } })),
    [act, id],
  );
  const toggle = useCallback(
    (itemId: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(itemId)) next.delete(itemId);
        else next.add(itemId);
        return next;
      }),
    [],
  );
  const onRerun = useCallback((axis: number, index: number) => setRerun({ axis, index }), []);

  if (query.isPending) return <p className="text-muted text-sm">Loading the experiment…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-danger-fg text-sm">
        {query.error.message}
      </p>
    );
  const view = query.data;
  const { progress } = view;
  const third = view.axes[2];
  const control = (action: "pause" | "resume" | "cancel") =>
    act(() => call(api.experiments.control, { params: { id }, body: { action } }));
  // Every tab of a three-axis grid goes into one export: the image stacks them, one under another.
  const exportUrl = (format: "csv" | "json" | "png") =>
    urlOf(api.experiments.export, { params: { id }, query: { format } });
  const finished = progress.done + progress.failed + progress.cancelled;
  const runnable = progress.total - progress.refused;
  const cost = costOf(view.cells.flatMap((c) => c.items.map((i) => i.cost)));

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 border-border border-b pb-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 lg:flex-1">
          <p className="mb-2 font-medium text-accent-fg text-xs uppercase tracking-[0.14em]">
            <Link href="/experiments" className="hover:underline">
              Experiments
            </Link>
          </p>
          <div className="flex min-w-0 items-center gap-3">
            <h1 className="truncate font-semibold text-[24px] text-foreground tracking-tight">{view.name}</h1>
            <PresenceAvatars on={presenceTarget("experiment", id)} />
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-[13px] text-muted">
            <Badge
              data-testid="experiment-status"
              tone={view.status === "done" ? "success" : view.status === "running" ? "accent" : "neutral"}
            >
              {STATUS_WORDS[view.status]}
            </Badge>
            <span role="status" aria-label="Progress">
              {progress.done} of {runnable} done
              {progress.failed > 0 ? ` · ${progress.failed} failed` : ""}
              {progress.cancelled > 0 ? ` · ${progress.cancelled} cancelled` : ""}
              {progress.refused > 0 ? ` · ${progress.refused} not sent` : ""}
            </span>
            {cost !== null ? (
              <span data-testid="experiment-cost" className="tabular-nums">
                · cost {usd(cost)}
              </span>
            ) : null}
            <span className="text-muted-subtle">· version {view.version}</span>
            {view.versions.map((v) => (
              <Link key={v.id} href={`/experiments/${v.id}`} className="text-accent-fg hover:underline">
                {v.version < view.version
                  ? `version ${v.version} (earlier)`
                  : `version ${v.version} (re-run)`}
              </Link>
            ))}
          </div>
          <div
            className="mt-3 h-1.5 w-72 max-w-full overflow-hidden rounded-full bg-surface-sunken"
            role="progressbar"
            aria-label="Cells finished"
            aria-valuemin={0}
            aria-valuemax={runnable}
            aria-valuenow={finished}
          >
            <div
              className="h-full bg-accent transition-[width]"
              style={{ width: `${runnable ? (finished / runnable) * 100 : 0}%` }}
            />
          </div>
        </div>
        {/* One row on a laptop screen: the title gives way (it truncates) before a button wraps. */}
        <div
          data-testid="experiment-actions"
          className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:flex-nowrap"
        >
          {canRun && view.status === "running" ? (
            <Button size="sm" variant="secondary" onClick={() => void control("pause")}>
              <Pause aria-hidden /> Pause
            </Button>
          ) : null}
          {canRun && view.status === "paused" ? (
            <Button size="sm" variant="secondary" onClick={() => void control("resume")}>
              <Play aria-hidden /> Resume
            </Button>
          ) : null}
          {canRun && (view.status === "running" || view.status === "paused") ? (
            <Button size="sm" variant="ghost" onClick={() => void control("cancel")}>
              <Square aria-hidden /> Cancel
            </Button>
          ) : null}
          {canRun ? <BlindVoteButton view={view} /> : null}
          <ButtonLink
            size="sm"
            variant="secondary"
            href={selected.size >= 2 && selected.size <= 4 ? compareUrl([...selected]) : "#"}
            aria-disabled={selected.size < 2 || selected.size > 4}
            className={selected.size < 2 || selected.size > 4 ? "pointer-events-none opacity-50" : ""}
            title="Select two to four cells to compare them"
          >
            <GitCompareArrows aria-hidden /> Compare{selected.size > 0 ? ` ${selected.size}` : ""}
          </ButtonLink>
          <span className="mx-1 h-5 w-px bg-border" aria-hidden />
          <Download aria-hidden className="size-4 text-muted-subtle" />
          <ButtonLink size="sm" variant="ghost" href={exportUrl("csv")} download>
            CSV
          </ButtonLink>
          <ButtonLink size="sm" variant="ghost" href={exportUrl("json")} download>
            JSON
          </ButtonLink>
          <ButtonLink
            size="sm"
            variant="ghost"
            href={exportUrl("png")}
            download
            title={third ? `Every ${third.name.toLowerCase()} tab, one under another` : undefined}
          >
            Grid image
          </ButtonLink>
        </div>
      </header>
      <FormError>{error}</FormError>
      <GridSection
        view={view}
        selected={selected}
        canRun={canRun}
        onSelect={toggle}
        onRetry={retry}
        onRerun={onRerun}
      />
      <RerunDialog view={view} target={rerun} onClose={() => setRerun(null)} />
      <VoteList owner={{ experimentId: id }} canRun={canRun} canVote={canVote} canShare={canShare} />
      <VoteOverlay anchorId={id} canVote={canVote} canClose={canRun} />
    </div>
  );
}
