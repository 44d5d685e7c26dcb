"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Film, Wand2 } from "lucide-react";
import Link from "next/link";
import { SelectToggle } from "@/components/organize/select-toggle";
import { cn } from "@/components/ui/cn";
import { wholeMedia } from "@/components/ui/whole-media";
import { promptForPeople } from "@/lib/client/create/field-labels";
import { type RecallPart, workflowRecallHref } from "@/lib/client/create/recall";
import { prefetchRecall } from "@/lib/client/create/recall-prefetch";
import type { GalleryItem } from "@/lib/studio/stream-events";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** One result in the team's gallery: the media, its prompt, who made it and when. */
export function GalleryCard({ item }: { item: GalleryItem }) {
  const prompt = promptForPeople(item.prompt);
  const label = prompt ?? (item.kind === "video" ? "Video" : "Image");
  const queryClient = useQueryClient();
  // Pointing at (or tabbing to) a recall link looks the task up while the person decides.
  const warm = () => prefetchRecall(queryClient, item.taskUUID);
  return (
    <figure
      className="group overflow-hidden rounded-card border border-border bg-panel shadow-panel"
      data-testid="gallery-item"
      data-item-id={item.id}
      data-task-uuid={item.taskUUID}
      data-author={item.authorName}
    >
      <div className="relative aspect-square overflow-hidden bg-surface-sunken">
        {item.kind === "image" ? (
          // biome-ignore lint/performance/noImgElement: studio media is served by our own route, not the image optimizer.
          <img
            src={item.url}
            alt={label}
            loading="lazy"
            decoding="async"
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            className={cn(wholeMedia, "transition-transform duration-300 group-hover:scale-[1.02]")}
          />
        ) : (
          <video
            src={item.url}
            muted
            loop
            playsInline
            preload="metadata"
            aria-label={label}
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            className={wholeMedia}
            onMouseEnter={(e) => void e.currentTarget.play().catch(() => undefined)}
            onMouseLeave={(e) => e.currentTarget.pause()}
          />
        )}
        {item.kind === "video" ? (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-surface/80 px-2 py-0.5 font-medium text-[11px] text-foreground backdrop-blur">
            <Film aria-hidden className="size-3" />
            {item.durationSeconds ? `${item.durationSeconds.toFixed(1)} s` : "Video"}
          </span>
        ) : null}
        <SelectToggle itemId={item.id} label={label} />
      </div>
      <figcaption className="flex flex-col gap-1.5 p-3">
        <p className="line-clamp-2 text-[13px] text-foreground leading-snug" title={prompt ?? undefined}>
          {prompt ?? <span className="text-muted-subtle">No prompt</span>}
        </p>
        <p className="flex items-center justify-between gap-2 text-[11.5px] text-muted-subtle">
          <span className="truncate">{item.authorName}</span>
          {item.review?.commentCount ? (
            <span data-testid="comment-count">
              {item.review.commentCount === 1 ? "1 comment" : `${item.review.commentCount} comments`}
            </span>
          ) : null}
          <time dateTime={item.createdAt}>{timeFormat.format(new Date(item.createdAt))}</time>
        </p>
        <nav
          aria-label="Use in a workflow"
          onPointerEnter={warm}
          onFocus={warm}
          className="flex flex-wrap items-center gap-x-2.5 gap-y-1 pt-0.5 text-[11.5px]"
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
      </figcaption>
    </figure>
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
