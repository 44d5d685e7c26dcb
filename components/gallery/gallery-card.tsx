"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Check, Film, Layers, MessageSquare, Star, Wand2 } from "lucide-react";
import Link from "next/link";
import { type KeyboardEvent, type MouseEvent, memo, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { wholeMedia } from "@/components/ui/whole-media";
import { promptForPeople } from "@/lib/client/create/field-labels";
import { type RecallPart, workflowRecallHref } from "@/lib/client/create/recall";
import { prefetchRecall } from "@/lib/client/create/recall-prefetch";
import { useStarToggle } from "@/lib/client/use-gallery-star";
import type { GalleryItem } from "@/lib/studio/gallery-item";
import type { GalleryLayoutMode } from "@/lib/studio/gallery-layout";
import { SCRUB_FRAMES } from "@/lib/studio/gallery-layout";
import { scrubUrl, THUMB_WIDTHS, thumbUrl, viewerUrl } from "@/lib/studio/gallery-urls";
import { REVIEW_STATE_LABELS, type ReviewState } from "@/lib/studio/review";
import { versionCount } from "@/lib/studio/versions";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** Height of a grid card's caption under its square media (px); the grid lays rows out with it. */
export const CARD_CAPTION_HEIGHT = 148;

const STATE_TONES: Record<ReviewState, string> = {
  draft: "border-border-strong bg-panel-raised text-muted",
  in_review: "border-accent/30 bg-accent/10 text-accent-fg",
  approved: "border-success/30 bg-success/10 text-success-fg",
  rejected: "border-danger/30 bg-danger/10 text-danger-fg",
};

export function ReviewStateBadge({ state, className }: { state: ReviewState; className?: string }) {
  return (
    <span
      data-testid="review-state"
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-px font-medium text-[11px]",
        STATE_TONES[state],
        className,
      )}
    >
      {REVIEW_STATE_LABELS[state]}
    </span>
  );
}

const srcSet = (id: string) => THUMB_WIDTHS.map((w) => `${thumbUrl(id, w)} ${w}w`).join(", ");

interface GalleryCardProps {
  item: GalleryItem;
  index: number;
  layout: GalleryLayoutMode;
  width: number;
  height: number;
  /** The gallery's filter query, so the viewer's previous/next walk this list. */
  search: string;
  selected: boolean;
  focused: boolean;
  onFocusIndex(index: number): void;
  onSelect(index: number, how: "toggle" | "range" | "only"): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>, index: number): void;
}

/**
 * One result in the team's gallery: its thumbnail (a video's poster, scrubbed by hovering across
 * it), review state, the team's rating, comment count, the member's own star and, in the grid,
 * its prompt, author and the links that reuse it in a workflow.
 */
export const GalleryCard = memo(function GalleryCard({
  item,
  index,
  layout,
  width,
  height,
  search,
  selected,
  focused,
  onFocusIndex,
  onSelect,
  onKeyDown,
}: GalleryCardProps) {
  const prompt = promptForPeople(item.prompt);
  const label = prompt ?? (item.kind === "video" ? "Video" : "Image");
  const queryClient = useQueryClient();
  const warm = () => prefetchRecall(queryClient, item.taskUUID);
  const star = useStarToggle();
  const [scrub, setScrub] = useState<number | null>(null);
  const review = item.review;
  const grid = layout === "grid";
  const mediaHeight = grid ? width : height;

  const onMediaClick = (e: MouseEvent) => {
    if (e.shiftKey || e.metaKey || e.ctrlKey) {
      e.preventDefault();
      onSelect(index, e.shiftKey ? "range" : "toggle");
    }
  };
  const onScrub = (e: MouseEvent<HTMLElement>) => {
    if (item.kind !== "video") return;
    const box = e.currentTarget.getBoundingClientRect();
    const at = Math.min(0.999, Math.max(0, (e.clientX - box.left) / box.width));
    setScrub(Math.floor(at * SCRUB_FRAMES));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell of the gallery's keyboard grid (role=grid).
    <div
      role="gridcell"
      tabIndex={focused ? 0 : -1}
      aria-selected={selected}
      aria-label={label}
      data-testid="gallery-item"
      data-item-id={item.id}
      data-task-uuid={item.taskUUID}
      data-author={item.authorName}
      data-index={index}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocusIndex(index);
      }}
      onKeyDown={(e) => onKeyDown(e, index)}
      style={{ width, height: grid ? width + CARD_CAPTION_HEIGHT : height }}
      className={cn(
        "group relative flex shrink-0 flex-col overflow-hidden rounded-card border bg-panel shadow-panel outline-none transition-colors",
        selected ? "border-accent ring-2 ring-accent/60" : "border-border",
        "focus-visible:ring-2 focus-visible:ring-accent",
      )}
    >
      <Link
        href={viewerUrl(item.id, search)}
        tabIndex={-1}
        draggable={false}
        onClick={onMediaClick}
        onMouseMove={onScrub}
        onMouseLeave={() => setScrub(null)}
        aria-label={`Open ${label}`}
        className="relative block shrink-0 overflow-hidden bg-surface-sunken"
        style={{ height: mediaHeight }}
      >
        {/* biome-ignore lint/performance/noImgElement: studio thumbnails come from our own route, in the widths it makes. */}
        <img
          src={thumbUrl(item.id, 320)}
          srcSet={srcSet(item.id)}
          sizes={`${Math.ceil(width)}px`}
          alt={label}
          loading={index < 12 ? "eager" : "lazy"}
          fetchPriority={index < 4 ? "high" : "auto"}
          decoding="async"
          draggable={false}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          className={cn(
            grid ? wholeMedia : "absolute inset-0 size-full object-cover",
            "transition-transform duration-300 group-hover:scale-[1.02]",
          )}
        />
        {item.kind === "video" && scrub !== null ? (
          <span
            aria-hidden
            data-testid="scrub"
            className="absolute bg-no-repeat"
            style={{
              ...overlayBox(item, width, mediaHeight),
              backgroundImage: `url(${scrubUrl(item.id)})`,
              backgroundSize: `${SCRUB_FRAMES * 100}% 100%`,
              backgroundPositionX: `${(scrub / (SCRUB_FRAMES - 1)) * 100}%`,
            }}
          />
        ) : null}
        {item.kind === "video" ? (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-surface/80 px-2 py-0.5 font-medium text-[11px] text-foreground backdrop-blur">
            <Film aria-hidden className="size-3" />
            {item.durationSeconds ? `${item.durationSeconds.toFixed(1)} s` : "Video"}
          </span>
        ) : null}
        {item.stack && item.stack.count > 1 ? (
          <span
            data-testid="version-count"
            title={`Version ${item.stack.version}, the newest of ${versionCount(item.stack.count)}`}
            className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-surface/85 px-2 py-0.5 font-medium text-[11px] text-foreground backdrop-blur"
          >
            <Layers aria-hidden className="size-3" />
            {versionCount(item.stack.count)}
          </span>
        ) : null}
        {!grid ? (
          <span className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-black/75 to-transparent p-2 pt-8 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 group-focus:opacity-100">
            <span className="line-clamp-2 text-[12px] text-white leading-snug">{prompt}</span>
            {review ? <ReviewStateBadge state={review.state} className="shrink-0" /> : null}
          </span>
        ) : null}
      </Link>
      <button
        type="button"
        tabIndex={-1}
        aria-label={selected ? "Unselect" : "Select"}
        aria-pressed={selected}
        onClick={(e) => onSelect(index, e.shiftKey ? "range" : "toggle")}
        className={cn(
          "absolute top-2 left-2 grid size-6 place-items-center rounded-full border backdrop-blur transition-opacity",
          selected
            ? "border-accent bg-accent-strong text-accent-contrast opacity-100"
            : "border-white/40 bg-black/40 text-transparent opacity-0 hover:text-white group-focus:opacity-100 group-hover:opacity-100",
          focusRing,
        )}
      >
        <Check aria-hidden className="size-3.5" />
      </button>
      <button
        type="button"
        tabIndex={-1}
        aria-label={item.starred ? "Remove star" : "Star"}
        aria-pressed={item.starred === true}
        onClick={() => star.mutate({ item, on: !item.starred })}
        className={cn(
          "absolute top-2 right-2 grid size-7 place-items-center rounded-full bg-black/45 backdrop-blur transition-opacity",
          item.starred
            ? "text-warning opacity-100"
            : "text-white/85 opacity-0 hover:text-warning group-focus:opacity-100 group-hover:opacity-100",
          focusRing,
        )}
      >
        <Star aria-hidden className={cn("size-4", item.starred && "fill-current")} />
      </button>
      {grid ? (
        <div className="flex min-h-0 flex-1 flex-col gap-1.5 p-3">
          <p
            className="line-clamp-2 h-9 text-[13px] text-foreground leading-snug"
            title={prompt ?? undefined}
          >
            {prompt ?? <span className="text-muted-subtle">No prompt</span>}
          </p>
          <p className="flex items-center justify-between gap-2 text-[11.5px] text-muted-subtle">
            <span className="truncate">{item.authorName}</span>
            <time dateTime={item.createdAt}>{timeFormat.format(new Date(item.createdAt))}</time>
          </p>
          <ReviewLine item={item} />
          <nav
            aria-label="Use in a workflow"
            onPointerEnter={warm}
            onFocus={warm}
            className="mt-auto flex flex-wrap items-center gap-x-2.5 gap-y-1 text-[11.5px]"
          >
            <Link
              href={recallLink(item, "all")}
              className="inline-flex items-center gap-1 font-medium text-accent-fg hover:underline"
            >
              <Wand2 aria-hidden className="size-3" />
              Use all
            </Link>
            {item.seed ? (
              <Link href={recallLink(item, "seed")} className="text-muted hover:text-foreground">
                Seed
              </Link>
            ) : null}
            <Link href={recallLink(item, "prompt")} className="text-muted hover:text-foreground">
              Prompt
            </Link>
            <Link href={recallLink(item, "size")} className="text-muted hover:text-foreground">
              Size
            </Link>
          </nav>
        </div>
      ) : null}
    </div>
  );
});

/** Where the media sits in its box (shown whole, centred), for the scrub strip to cover it exactly. */
function overlayBox(item: GalleryItem, boxWidth: number, boxHeight: number) {
  const aspect = item.width && item.height ? item.width / item.height : boxWidth / boxHeight;
  const [width, height] =
    boxWidth / boxHeight > aspect ? [boxHeight * aspect, boxHeight] : [boxWidth, boxWidth / aspect];
  return { width, height, left: (boxWidth - width) / 2, top: (boxHeight - height) / 2 };
}

/** Review state, the team's rating and the comment count, in one line. */
function ReviewLine({ item }: { item: GalleryItem }) {
  const review = item.review;
  if (!review) return <p className="h-5" />;
  return (
    <p data-testid="review-line" className="flex h-5 items-center gap-2.5 text-[11.5px] text-muted">
      <ReviewStateBadge state={review.state} />
      {review.ratingAvg !== null ? (
        <span
          className="inline-flex items-center gap-0.5"
          title={`Rated ${review.ratingAvg.toFixed(1)} of 5 by ${review.ratingCount} ${review.ratingCount === 1 ? "reviewer" : "reviewers"}`}
        >
          <Star aria-hidden className="size-3 fill-warning text-warning" />
          {review.ratingAvg.toFixed(1)}
          <span className="text-muted-subtle">({review.ratingCount})</span>
        </span>
      ) : (
        <span className="text-muted-subtle">Not rated</span>
      )}
      {review.commentCount > 0 ? (
        <span
          className="inline-flex items-center gap-1"
          data-testid="comment-count"
          title={`${review.commentCount} ${review.commentCount === 1 ? "comment" : "comments"}`}
        >
          <MessageSquare aria-hidden className="size-3" />
          {review.commentCount}
        </span>
      ) : null}
    </p>
  );
}

/** Opens the item's task in its workflow with all or part of its parameters (a result's own seed). */
function recallLink(item: GalleryItem, use: RecallPart): string {
  // An item a tab cached before items knew their workflow asks the server which one it was.
  if (!item.workflow) {
    const query = new URLSearchParams({ task: item.taskUUID, use });
    if (item.seed) query.set("seed", item.seed);
    return `/create/recall?${query.toString()}`;
  }
  return workflowRecallHref(item, use, item.seed);
}
