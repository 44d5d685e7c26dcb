"use client";

import { Star } from "lucide-react";
import { cn, focusRing } from "@/components/ui/cn";
import { RATING_MAX } from "@/lib/studio/review/review";

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** My 1-5 rating: press a star to rate, the same star again to take the rating back. */
export function RatingStars({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange(value: number | null): void;
  disabled?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label="My rating" className="flex items-center gap-0.5">
      {STARS.map((n) => {
        const on = value !== null && n <= value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a star row reads better than five radio inputs, and keeps the same roles.
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} star${n === 1 ? "" : "s"}`}
            title={value === n ? "Take my rating back" : `Rate ${n} (key ${n})`}
            disabled={disabled}
            onClick={() => onChange(value === n ? null : n)}
            className={cn("rounded-md p-0.5 transition-colors disabled:opacity-50", focusRing)}
          >
            <Star
              aria-hidden
              className={cn(
                "size-5",
                on ? "fill-warning text-warning" : "text-muted-subtle hover:text-warning-fg",
              )}
              strokeWidth={1.75}
            />
          </button>
        );
      })}
    </div>
  );
}

/** The team's average as stars and words: "4.5 from 2 ratings". */
export function TeamRating({ avg, count }: { avg: number | null; count: number }) {
  return (
    <p data-testid="team-rating" className="flex items-center gap-1.5 text-[13px] text-muted">
      <Star aria-hidden className="size-4 fill-warning text-warning" strokeWidth={1.75} />
      {count === 0 || avg === null ? (
        <span>Not rated yet</span>
      ) : (
        <span>
          <span className="font-semibold text-foreground">{avg.toFixed(1)}</span> from {count} rating
          {count === 1 ? "" : "s"}
        </span>
      )}
    </p>
  );
}
