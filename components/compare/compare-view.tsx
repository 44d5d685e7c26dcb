"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowLeft, GitCompareArrows } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Segmented } from "@/components/ui/segmented";
import { compareIds, compareKey } from "@/lib/client/compare/compare-cache";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { compareUrl } from "@/lib/studio/api/gallery-urls";
import { compareLetter, parseCompareIds } from "@/lib/studio/compare/compare";
import { CompareBlindVote } from "./compare-blind-vote";
import { CompareColumns } from "./compare-columns";
import { CompareSlider } from "./compare-slider";
import { ParamTable } from "./param-table";
import { PromptDiffs } from "./prompt-diffs";
import { SyncPlayback } from "./sync-playback";

type Mode = "side" | "slider" | "sync";

/**
 * The compare page: reads `?ids=`, then shows the items, or why they cannot be compared.
 * `canVote`: editors and up may start a blind vote between the compared items.
 */
export function CompareView({ idsParam, canVote = false }: { idsParam: string; canVote?: boolean }) {
  const parsed = parseCompareIds(idsParam);
  if (!parsed.ok) return <CompareProblem message={parsed.message} />;
  return <Comparison ids={parsed.ids} canVote={canVote} />;
}

function Comparison({ ids, canVote }: { ids: string[]; canVote: boolean }) {
  const router = useRouter();
  // One fetch per set of items: reordering them is the page's business, not the server's.
  const query = useQuery({
    queryKey: compareKey(ids),
    queryFn: ({ signal }) => call(api.items.compare, { query: { ids: compareIds(ids) } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const [mode, setMode] = useState<Mode>("side");
  const [referenceId, setReferenceId] = useState<string | null>(null);

  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <CompareProblem
        message={
          gone
            ? "An item in this comparison no longer exists: it was deleted for good, or the link is wrong."
            : query.error.message
        }
      />
    );
  }
  const byId = new Map((query.data?.items ?? []).map((entry) => [entry.item.id, entry]));
  const entries = ids.flatMap((id) => byId.get(id) ?? []);
  if (query.isPending || entries.length !== ids.length) return <CompareLoading count={ids.length} />;

  const images = entries.every((e) => e.item.kind === "image");
  const videos = entries.every((e) => e.item.kind === "video");
  const canSlide = images && entries.length === 2;
  const shown: Mode = (mode === "slider" && !canSlide) || (mode === "sync" && !videos) ? "side" : mode;
  const reference = ids.includes(referenceId ?? "") ? (referenceId as string) : (ids[0] as string);
  const referenceIndex = ids.indexOf(reference);

  const go = (next: string[]) => router.replace(compareUrl(next), { scroll: false });
  const remove = (id: string) => go(ids.filter((other) => other !== id));
  const move = (id: string, by: -1 | 1) => {
    const from = ids.indexOf(id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    const next = [...ids];
    [next[from], next[to]] = [next[to] as string, next[from] as string];
    go(next);
  };

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title={`Comparing ${entries.length} ${videos ? "videos" : images ? "images" : "results"}`}
        description="Side by side, with what changed in the prompts and only the settings that differ."
        actions={
          <>
            {canVote ? <CompareBlindVote itemIds={ids} /> : null}
            <ButtonLink href="/gallery" variant="ghost" size="sm">
              <ArrowLeft aria-hidden />
              Gallery
            </ButtonLink>
          </>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented<Mode>
          label="How to compare"
          value={shown}
          onChange={setMode}
          options={[
            { value: "side", label: "Side by side" },
            {
              value: "slider",
              label: "Slider",
              disabled: !canSlide,
              title: canSlide ? undefined : "The slider lays exactly two images over each other.",
            },
            {
              value: "sync",
              label: "Play together",
              disabled: !videos,
              title: videos ? undefined : "Playing together needs every item to be a video.",
            },
          ]}
        />
        <div className="flex items-center gap-2.5 text-[13px] text-muted">
          <span aria-hidden>Compare against</span>
          <Segmented
            label="Compare against"
            value={reference}
            onChange={setReferenceId}
            options={ids.map((id, i) => ({ value: id, label: compareLetter(i) }))}
          />
        </div>
      </div>
      {shown === "slider" && entries[0] && entries[1] ? (
        <CompareSlider left={entries[0].item} right={entries[1].item} />
      ) : shown === "sync" ? (
        <SyncPlayback items={entries.map((e) => e.item)} />
      ) : (
        <CompareColumns
          items={entries.map((e) => e.item)}
          referenceId={reference}
          onRemove={remove}
          onMove={move}
        />
      )}
      <PromptDiffs entries={entries} referenceIndex={referenceIndex} />
      <ParamTable entries={entries} referenceIndex={referenceIndex} />
    </div>
  );
}

function CompareLoading({ count }: { count: number }) {
  return (
    <section className="flex flex-col gap-8" aria-busy="true" aria-label="Loading the comparison">
      <div className="h-24 animate-pulse rounded-card border border-border bg-panel" />
      <div className="grid gap-4" style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={i} className="h-96 animate-pulse rounded-card border border-border bg-panel" />
        ))}
      </div>
    </section>
  );
}

/** Why nothing can be compared, with the way back to the gallery. */
function CompareProblem({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader eyebrow="Review" title="Compare" />
      <EmptyState
        icon={GitCompareArrows}
        title="Nothing to compare"
        description={
          <>
            <span data-testid="compare-problem">{message}</span> Select two to four results in the gallery,
            then choose Compare.
          </>
        }
        actions={
          <ButtonLink href="/gallery" variant="primary">
            <ArrowLeft aria-hidden />
            Back to the gallery
          </ButtonLink>
        }
      />
    </div>
  );
}
