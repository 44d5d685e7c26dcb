"use client";

import { Check, Film, Layers, MessageSquare, Star } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, memo, useState } from "react";
import { ItemApprovalBadge } from "@/components/approvals/approval-badge";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { wholeMedia } from "@/components/ui/whole-media";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { useStarToggle } from "@/lib/client/gallery/use-star";
import { scrubUrl, THUMB_WIDTHS, thumbUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import { type GalleryLayoutMode, type GalleryThumbSize, SCRUB_FRAMES } from "@/lib/studio/gallery/layout";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { REVIEW_STATE_LABELS, type ReviewState } from "@/lib/studio/review/review";
import { versionCount } from "@/lib/studio/versions/versions";
import { startItemDrag } from "../gallery-pick/drag-card";
import { SeedBadge } from "../seed-stacks/seed-badge";
import { CardActions, CompactCardActions } from "./card-actions";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * Height of a grid card's caption under its square media (px); the grid lays rows out with it. A
 * small card has one line (its prompt); the others have the prompt on two, author and date, the
 * review line and the links.
 */
export const CARD_CAPTION_HEIGHT: Record<GalleryThumbSize, number> = { small: 34, medium: 148, large: 148 };

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
  thumbSize: GalleryThumbSize;
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
  thumbSize,
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
  const [scrub, setScrub] = useState<number | null>(null);
  const review = item.review;
  const grid = layout === "grid";
  const compact = grid && thumbSize === "small";
  const mediaHeight = grid ? width : height;
  const made = `${item.authorName} · ${timeFormat.format(new Date(item.createdAt))}`;

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
      data-compact={compact ? "" : undefined}
      style={{ width, height: grid ? width + CARD_CAPTION_HEIGHT[thumbSize] : height }}
      className={cn(
        "group relative flex shrink-0 flex-col overflow-hidden rounded-card border bg-panel shadow-panel outline-none transition-colors",
        selected ? "border-accent ring-2 ring-accent/60" : "border-border",
        "focus-visible:ring-2 focus-visible:ring-accent",
      )}
    >
      <Link
        href={viewerUrl(item.id, search)}
        tabIndex={-1}
        // Dragged to an image input (in this tab or another), the card is that image.
        onDragStart={(e) => startItemDrag(e, item)}
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
        <MediaBadges item={item} />
        <ItemApprovalBadge
          itemId={item.id}
          className="pointer-events-none absolute top-2 left-10 max-w-[calc(100%-5.5rem)] overflow-hidden text-ellipsis"
        />
        <SeedBadge item={item} className={item.stack && item.stack.count > 1 ? "bottom-9" : "bottom-2"} />
        {!grid ? (
          <span className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-black/75 to-transparent p-2 pt-8 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 group-focus:opacity-100">
            <span className="line-clamp-2 text-[12px] text-white leading-snug">{prompt}</span>
            {review ? <ReviewStateBadge state={review.state} className="shrink-0" /> : null}
          </span>
        ) : null}
      </Link>
      <SelectButton selected={selected} onSelect={(how) => onSelect(index, how)} />
      <StarButton item={item} />
      <CardCaption
        item={item}
        prompt={prompt}
        made={made}
        layout={compact ? "compact" : layout}
        top={mediaHeight}
      />
    </div>
  );
});

/** Ticks the card into the selection; with Shift, the run from the last one ticked. */
function SelectButton({
  selected,
  onSelect,
}: {
  selected: boolean;
  onSelect: (how: "toggle" | "range") => void;
}) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={selected ? "Unselect" : "Select"}
      aria-pressed={selected}
      onClick={(e) => onSelect(e.shiftKey ? "range" : "toggle")}
      className={cn(
        "absolute top-2 left-2 grid size-6 place-items-center rounded-full border transition-opacity",
        selected
          ? "border-accent bg-accent-strong text-accent-contrast opacity-100"
          : "border-white/40 bg-black/50 text-transparent opacity-0 hover:text-white group-focus:opacity-100 group-hover:opacity-100",
        focusRing,
      )}
    >
      <Check aria-hidden className="size-3.5" />
    </button>
  );
}

/** The member's own star on the item. */
function StarButton({ item }: { item: GalleryItem }) {
  const star = useStarToggle();
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={item.starred ? "Remove star" : "Star"}
      aria-pressed={item.starred === true}
      onClick={() => star.mutate({ item, on: !item.starred })}
      className={cn(
        "absolute top-2 right-2 grid size-7 place-items-center rounded-full bg-black/55 transition-opacity",
        item.starred
          ? "text-warning opacity-100"
          : "text-white/85 opacity-0 hover:text-warning group-focus:opacity-100 group-hover:opacity-100",
        focusRing,
      )}
    >
      <Star aria-hidden className={cn("size-4", item.starred && "fill-current")} />
    </button>
  );
}

/**
 * A video's length and a stack's number of versions, over the thumbnail's bottom corners. Marks
 * over a card's picture are near opaque rather than blurring what is behind them: a blur under
 * each mark of a grid is drawn again on every scroll, which costs a browser painting without a
 * graphics card about a tenth of its work on a gallery page.
 */
function MediaBadges({ item }: { item: GalleryItem }) {
  return (
    <>
      {item.kind === "video" ? (
        <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-surface/90 px-2 py-0.5 font-medium text-[11px] text-foreground">
          <Film aria-hidden className="size-3" />
          {item.durationSeconds ? `${item.durationSeconds.toFixed(1)} s` : "Video"}
        </span>
      ) : null}
      {item.stack && item.stack.count > 1 ? (
        <span
          data-testid="version-count"
          title={`Version ${item.stack.version}, the newest of ${versionCount(item.stack.count)}`}
          className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-surface/90 px-2 py-0.5 font-medium text-[11px] text-foreground"
        >
          <Layers aria-hidden className="size-3" />
          {versionCount(item.stack.count)}
        </span>
      ) : null}
    </>
  );
}

/** Under the thumbnail: a small card's one line, a grid card's prompt, author, review and actions; none in rows. */
function CardCaption({
  item,
  prompt,
  made,
  layout,
  top,
}: {
  item: GalleryItem;
  prompt: string | null;
  made: string;
  layout: "compact" | GalleryLayoutMode;
  top: number;
}) {
  const review = item.review;
  if (layout === "compact")
    return (
      <>
        <CompactCardActions item={item} top={top} />
        <p
          data-testid="card-caption"
          className="flex h-full min-w-0 items-center gap-1.5 px-2.5 text-[12px] text-foreground"
          title={[prompt, made].filter(Boolean).join("\n")}
        >
          {review ? <ReviewDot state={review.state} /> : null}
          <span className="min-w-0 truncate">
            {prompt ?? <span className="text-muted-subtle">No prompt</span>}
          </span>
        </p>
      </>
    );
  if (layout !== "grid") return null;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1.5 p-3">
      <p
        data-testid="card-caption"
        className="line-clamp-2 h-9 text-[13px] text-foreground leading-snug"
        title={prompt ?? undefined}
      >
        {prompt ?? <span className="text-muted-subtle">No prompt</span>}
      </p>
      <p className="flex items-center justify-between gap-2 whitespace-nowrap text-[11.5px] text-muted-subtle">
        <span className="min-w-0 truncate">{item.authorName}</span>
        <time dateTime={item.createdAt} className="shrink-0">
          {timeFormat.format(new Date(item.createdAt))}
        </time>
      </p>
      <ReviewLine item={item} />
      <CardActions item={item} />
    </div>
  );
}

/** Where the media sits in its box (shown whole, centred), for the scrub strip to cover it exactly. */
function overlayBox(item: GalleryItem, boxWidth: number, boxHeight: number) {
  const aspect = item.width && item.height ? item.width / item.height : boxWidth / boxHeight;
  const [width, height] =
    boxWidth / boxHeight > aspect ? [boxHeight * aspect, boxHeight] : [boxWidth, boxWidth / aspect];
  return { width, height, left: (boxWidth - width) / 2, top: (boxHeight - height) / 2 };
}

const DOT_TONES: Record<ReviewState, string> = {
  draft: "bg-muted-subtle",
  in_review: "bg-accent",
  approved: "bg-success",
  rejected: "bg-danger",
};

/** A small card's review state: a dot before its prompt, the state in words for a screen reader and on hover. */
function ReviewDot({ state }: { state: ReviewState }) {
  return (
    <span
      data-testid="review-state"
      title={REVIEW_STATE_LABELS[state]}
      className={cn("size-2 shrink-0 rounded-full", DOT_TONES[state])}
    >
      <span className="sr-only">{REVIEW_STATE_LABELS[state]}</span>
    </span>
  );
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
