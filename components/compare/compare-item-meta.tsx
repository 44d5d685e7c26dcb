import { Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { REVIEW_STATE_LABELS, type ReviewState } from "@/lib/studio/review/review";

const STATE_TONES: Record<ReviewState, string> = {
  draft: "",
  in_review: "border-warning/30 bg-warning/10 text-warning-fg",
  approved: "border-success/30 bg-success/10 text-success-fg",
  rejected: "border-danger/30 bg-danger/10 text-danger-fg",
};

/** An item's review state as a badge; nothing for an item without a review. */
export function ReviewStateBadge({ item }: { item: GalleryItem }) {
  if (!item.review) return null;
  const { state, deletedAt } = item.review;
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge className={cn(STATE_TONES[state])} data-testid="review-state">
        {REVIEW_STATE_LABELS[state]}
      </Badge>
      {item.stack ? <Badge data-testid="compare-version">{`Version ${item.stack.version}`}</Badge> : null}
      {deletedAt ? <Badge className="border-danger/30 text-danger-fg">In the trash</Badge> : null}
    </span>
  );
}

/** The team's average rating and how many rated, in words. */
export function TeamRating({ item }: { item: GalleryItem }) {
  const review = item.review;
  if (!review || review.ratingCount === 0 || review.ratingAvg === null) {
    return <span className="text-muted-subtle">Not rated yet</span>;
  }
  const count = review.ratingCount;
  return (
    <span className="inline-flex items-center gap-1 text-foreground">
      <Star aria-hidden className="size-3.5 fill-warning text-warning" />
      {review.ratingAvg.toFixed(1)}
      <span className="text-muted-subtle">
        ({count} {count === 1 ? "rating" : "ratings"})
      </span>
    </span>
  );
}

/** What a person reads for an item's shape: "1024 × 768", and its length for a video. */
export function sizeWords(item: GalleryItem): string {
  const size = item.width && item.height ? `${item.width} × ${item.height}` : "Size unknown";
  return item.kind === "video" && item.durationSeconds
    ? `${size} · ${item.durationSeconds.toFixed(1)} s`
    : size;
}
