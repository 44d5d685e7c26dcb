"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo } from "react";
import { ItemApprovalBadge } from "@/components/approvals/approval-badge";
import { CellNavigator } from "@/components/experiments/cell-navigator";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import Link from "@/components/ui/link";
import { pinNumbers } from "@/lib/client/comments/pins";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { call, queryKeyOf } from "@/lib/client/endpoint-client";
import { useShowOlder } from "@/lib/client/older-pages";
import { useCommentThreads, useItemDetail, useRate } from "@/lib/client/review/use-review";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { useItemVersions } from "@/lib/client/versions/use-versions";
import { api } from "@/lib/studio/api/addresses";
import { filterQueryOf } from "@/lib/studio/gallery/filter";
import { can, type Role } from "@/lib/studio/roles";
import { SeedSwitcher } from "../seed-stacks/seed-switcher";
import { compareTarget, ItemActions } from "./item-actions";
import { ReviewPanel } from "./review-panel";
import { useCommentFromHash, useViewerKeys } from "./use-viewer-keys";
import { VersionSwitcher } from "./version-switcher";
import { ViewerStage } from "./viewer-stage";

/** Previous and next item in the gallery's filtered list; null when the studio cannot tell. */
function useNeighbors(itemId: string, search: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: queryKeyOf(api.items.neighbors, { params: { id: itemId }, query: filterQueryOf(search) }),
    queryFn: () =>
      call(api.items.neighbors, { params: { id: itemId }, query: filterQueryOf(search) }).catch(() => null),
    retry: false,
  });
}

/** One item, full size, with the review beside it. Its URL's query string is the gallery's filter. */
export function ItemViewer({ itemId, me }: { itemId: string; me: { id: string; role: Role } }) {
  const params = useSearchParams();
  const search = params.toString();
  // Opened from an experiment's cell: the grid, not the gallery's list, is what the arrows walk.
  const experimentId = params.get("experiment");
  const detail = useItemDetail(itemId);
  const comments = useCommentThreads(itemId);
  const moreComments = useShowOlder(comments);
  const neighbors = useNeighbors(itemId, search, !experimentId);
  const rate = useRate(itemId);
  const stacked = detail.data?.item.stack !== undefined;
  const versions = useItemVersions(stacked ? itemId : null).data?.versions ?? [];
  const setItem = useViewerStore((s) => s.setItem);
  const threads = useMemo(() => comments.data?.pages.flatMap((p) => p.threads) ?? [], [comments.data]);
  const numbers = useMemo(() => pinNumbers(threads), [threads]);
  const galleryHref = experimentId
    ? `/experiments/${encodeURIComponent(experimentId)}`
    : `/gallery${search ? `?${search}` : ""}`;
  const previousId = neighbors.data?.previousId ?? null;
  const nextId = neighbors.data?.nextId ?? null;
  const canReview = can(me.role, "review") && !detail.data?.item.review?.deletedAt;

  useEffect(() => {
    setItem(itemId);
  }, [itemId, setItem]);

  useCommentFromHash(threads);
  useViewerKeys({ galleryHref, previousId, nextId, search, canReview, rate });

  if (detail.isError) {
    return (
      <EmptyState
        icon={ArrowLeft}
        title="This item is not here"
        description={
          (detail.error as { status?: number }).status === 404
            ? "It may have been deleted for good, or the link is wrong."
            : detail.error.message
        }
        actions={<ButtonLink href={galleryHref}>Back to the gallery</ButtonLink>}
      />
    );
  }
  if (!detail.data) {
    return <p className="text-[13px] text-muted-subtle">Opening the item…</p>;
  }
  const { item } = detail.data;
  const prompt = promptForPeople(item.prompt);
  const label = prompt ?? (item.kind === "video" ? "Video" : "Image");

  return (
    <div data-fills-screen className="flex min-h-0 flex-1 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ButtonLink
          href={galleryHref}
          variant="ghost"
          size="sm"
          title={experimentId ? "Back to the experiment (Esc)" : "Back to the gallery (Esc)"}
        >
          <ArrowLeft aria-hidden />
          {experimentId ? "Experiment" : "Gallery"}
        </ButtonLink>
        <h1
          className="min-w-0 flex-1 truncate font-semibold text-[15px] text-foreground"
          title={prompt ?? undefined}
        >
          {label}
        </h1>
        <ItemApprovalBadge itemId={item.id} className="border border-border-strong text-[12px]" />
        <ItemActions
          item={item}
          itemId={itemId}
          me={me}
          search={search}
          walk={Boolean(neighbors.data)}
          previousId={previousId}
          nextId={nextId}
          compareWith={compareTarget(detail.data, versions, previousId)}
        />
      </div>
      {experimentId ? <CellNavigator experimentId={experimentId} itemId={item.id} /> : null}
      <VersionSwitcher item={item} search={search} />
      <SeedSwitcher item={item} search={search} />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_360px] xl:grid-cols-[minmax(0,1fr)_400px]">
        <ViewerStage item={item} label={label} threads={threads} numbers={numbers} />
        <ReviewPanel
          detail={detail.data}
          me={me}
          threads={threads}
          numbers={numbers}
          search={search}
          onMoreComments={comments.hasNextPage ? moreComments : undefined}
        />
      </div>
      <p className="sr-only">
        <Link href={galleryHref}>Back to the gallery</Link>
      </p>
    </div>
  );
}
