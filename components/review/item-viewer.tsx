"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ChevronLeft, ChevronRight, Columns2, Download, Layers, Wand2 } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { CellNavigator } from "@/components/experiments/cell-navigator";
import { VaryItemButton } from "@/components/experiments/vary-item-button";
import { ShareDialog } from "@/components/organize/share-dialog";
import { PresenceAvatars } from "@/components/presence/presence-avatars";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import Link from "@/components/ui/link";
import { promptForPeople } from "@/lib/client/create/field-labels";
import { newVersionHref, workflowRecallHref } from "@/lib/client/create/recall";
import { call, queryKeyOf } from "@/lib/client/endpoint-client";
import { pinNumbers } from "@/lib/client/review/pins";
import { useCommentThreads, useItemDetail, useRate } from "@/lib/client/review/use-review";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { viewerCommand } from "@/lib/client/shortcuts/viewer-keys";
import { useItemVersions } from "@/lib/client/versions/use-versions";
import { api } from "@/lib/studio/api";
import { compareUrl, downloadUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import { filterQueryOf } from "@/lib/studio/gallery-filter";
import { presenceTarget } from "@/lib/studio/presence";
import { can, type Role } from "@/lib/studio/roles";
import { ReviewPanel } from "./review-panel";
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
  const router = useRouter();
  const detail = useItemDetail(itemId);
  const comments = useCommentThreads(itemId);
  const neighbors = useNeighbors(itemId, search, !experimentId);
  const rate = useRate(itemId);
  const stacked = detail.data?.item.stack !== undefined;
  const versions = useItemVersions(stacked ? itemId : null).data?.versions ?? [];
  const setItem = useViewerStore((s) => s.setItem);
  const placing = useViewerStore((s) => s.placingPin);
  const setPlacing = useViewerStore((s) => s.setPlacingPin);
  const drawing = useViewerStore((s) => s.drawing);
  const setDrawing = useViewerStore((s) => s.setDrawing);
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

  // Opened from the inbox (`#comment-<id>`): show that comment's thread, once it is on the page.
  const setHighlighted = useViewerStore((s) => s.setHighlightedComment);
  const [shownHash, setShownHash] = useState("");
  useEffect(() => {
    const hash = window.location.hash;
    if (!hash.startsWith("#comment-") || hash === shownHash || threads.length === 0) return;
    const id = hash.slice("#comment-".length);
    const thread = threads.find((t) => t.id === id || t.replies.some((r) => r.id === id));
    if (!thread) return;
    setShownHash(hash);
    setHighlighted(thread.id);
    document.getElementById(`comment-${id}`)?.scrollIntoView({ block: "center" });
  }, [threads, shownHash, setHighlighted]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = viewerCommand(event);
      if (command?.kind === "close") {
        if (placing) setPlacing(false);
        else if (drawing) setDrawing(false);
        else router.push(galleryHref);
      } else if (command?.kind === "previous" && previousId) router.push(viewerUrl(previousId, search));
      else if (command?.kind === "next" && nextId) router.push(viewerUrl(nextId, search));
      else if (command?.kind === "rate" && canReview) rate.mutate(command.stars);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [
    placing,
    setPlacing,
    drawing,
    setDrawing,
    router,
    galleryHref,
    previousId,
    nextId,
    search,
    canReview,
    rate,
  ]);

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
  // What this item is most naturally compared with: its version before (the first version for
  // v1's), else the item it was made from, else the one before it.
  const at = versions.findIndex((v) => v.id === item.id);
  const versionPeer = at > 0 ? versions[at - 1] : at === 0 ? versions[1] : undefined;
  const source = detail.data.lineage.sources[0]?.item;
  const compareWith = versionPeer?.stack
    ? { id: versionPeer.id, label: `Compare with v${versionPeer.stack.version}` }
    : source
      ? { id: source.id, label: "Compare with source" }
      : previousId
        ? { id: previousId, label: "Compare with previous" }
        : null;
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
        <PresenceAvatars on={presenceTarget("item", itemId)} className="mr-1" />
        {neighbors.data ? (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label="Previous item"
              title="Previous (←)"
              disabled={!previousId}
              onClick={() => previousId && router.push(viewerUrl(previousId, search))}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Next item"
              title="Next (→)"
              disabled={!nextId}
              onClick={() => nextId && router.push(viewerUrl(nextId, search))}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
        ) : null}
        {compareWith ? (
          <ButtonLink
            href={compareUrl([compareWith.id, item.id])}
            variant="secondary"
            size="sm"
            aria-label={compareWith.label}
            title={compareWith.label}
          >
            <Columns2 aria-hidden />
            {/* Words on wide screens; on a laptop the icon leaves the prompt room to be read. */}
            <span className="hidden 2xl:inline">{compareWith.label}</span>
          </ButtonLink>
        ) : null}
        {can(me.role, "organize") ? <ShareDialog itemId={item.id} /> : null}
        <ButtonLink
          href={downloadUrl(item.id)}
          prefetch={false}
          download
          variant="secondary"
          size="sm"
          aria-label="Download"
          title="Download"
        >
          <Download aria-hidden />
          <span className="hidden 2xl:inline">Download</span>
        </ButtonLink>
        {can(me.role, "generate") ? <VaryItemButton item={item} /> : null}
        {can(me.role, "generate") ? (
          <ButtonLink
            href={newVersionHref(item)}
            variant="secondary"
            size="sm"
            aria-label="New version"
            title="New version: make the next version of this item from its recipe"
          >
            <Layers aria-hidden />
            <span className="hidden 2xl:inline">New version</span>
          </ButtonLink>
        ) : null}
        {can(me.role, "generate") ? (
          <ButtonLink href={workflowRecallHref(item, "all", item.seed)} variant="primary" size="sm">
            <Wand2 aria-hidden />
            Open in Create
          </ButtonLink>
        ) : null}
      </div>
      {experimentId ? <CellNavigator experimentId={experimentId} itemId={item.id} /> : null}
      <VersionSwitcher item={item} search={search} />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_360px] xl:grid-cols-[minmax(0,1fr)_400px]">
        <ViewerStage item={item} label={label} threads={threads} numbers={numbers} />
        <ReviewPanel
          detail={detail.data}
          me={me}
          threads={threads}
          numbers={numbers}
          search={search}
          onMoreComments={comments.hasNextPage ? () => void comments.fetchNextPage() : undefined}
        />
      </div>
      <p className="sr-only">
        <Link href={galleryHref}>Back to the gallery</Link>
      </p>
    </div>
  );
}
