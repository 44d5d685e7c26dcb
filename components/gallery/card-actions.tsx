"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Ellipsis, Wand2 } from "lucide-react";
import { useId, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { useCan } from "@/lib/client/auth/member-role";
import { type RecallPart, workflowRecallHref } from "@/lib/client/create/recall-links";
import { prefetchRecall } from "@/lib/client/create/recall-prefetch";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";

/** Opens the item's task in its workflow with all or part of its parameters (a result's own seed). */
export function recallLink(item: GalleryItem, use: RecallPart): string {
  // An item a tab cached before items knew their workflow asks the server which one it was.
  if (!item.workflow) {
    const query = new URLSearchParams({ task: item.taskUUID, use });
    if (item.seed) query.set("seed", item.seed);
    return `/create/recall?${query.toString()}`;
  }
  return workflowRecallHref(item, use, item.seed);
}

/** The parts of a task a card can bring back besides all of it: its seed only when it has one. */
function parts(item: GalleryItem): { use: RecallPart; label: string }[] {
  return [
    ...(item.seed ? [{ use: "seed" as const, label: "Seed" }] : []),
    { use: "prompt", label: "Prompt" },
    { use: "size", label: "Size" },
  ];
}

/**
 * Under a card's prompt: the links that reuse it in a workflow, on one line. Nothing for a member
 * who may not generate: the workflows would open read-only.
 */
export function CardActions({ item }: { item: GalleryItem }) {
  const queryClient = useQueryClient();
  const canGenerate = useCan("generate");
  if (!canGenerate) return null;
  const warm = () => prefetchRecall(queryClient, item.taskUUID);
  return (
    <nav
      aria-label="Use in a workflow"
      onPointerEnter={warm}
      onFocus={warm}
      className="mt-auto flex flex-nowrap items-center gap-x-2.5 overflow-hidden whitespace-nowrap text-[11.5px]"
    >
      <Link
        href={recallLink(item, "all")}
        className="inline-flex items-center gap-1 font-medium text-accent-fg hover:underline"
      >
        <Wand2 aria-hidden className="size-3" />
        Use all
      </Link>
      {parts(item).map((p) => (
        <Link key={p.use} href={recallLink(item, p.use)} className="text-muted hover:text-foreground">
          {p.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * A small card's actions: over the foot of its picture while the card is hovered or holds focus,
 * "Use all" and a button that unfolds the parts, so nothing wraps on a narrow card.
 */
export function CompactCardActions({ item, top }: { item: GalleryItem; top: number }) {
  const queryClient = useQueryClient();
  const canGenerate = useCan("generate");
  const [open, setOpen] = useState(false);
  const menuId = useId();
  if (!canGenerate) return null;
  const warm = () => prefetchRecall(queryClient, item.taskUUID);
  return (
    <nav
      aria-label="Use in a workflow"
      onPointerEnter={warm}
      onFocus={warm}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
      style={{ top }}
      className={cn(
        "absolute inset-x-0 flex -translate-y-full items-center justify-between gap-1 bg-gradient-to-t from-black/80 to-transparent px-1.5 pt-5 pb-1.5 text-[11.5px] transition-opacity",
        open
          ? "opacity-100"
          : "opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 group-focus:opacity-100",
      )}
    >
      <Link
        href={recallLink(item, "all")}
        className={cn(
          "inline-flex items-center gap-1 whitespace-nowrap rounded px-1.5 py-0.5 font-medium text-white hover:bg-white/15",
          focusRing,
        )}
      >
        <Wand2 aria-hidden className="size-3" />
        Use all
      </Link>
      <button
        type="button"
        aria-label="Use part of it"
        title="Use part of it: seed, prompt or size"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        className={cn("grid size-6 place-items-center rounded text-white hover:bg-white/15", focusRing)}
      >
        <Ellipsis aria-hidden className="size-4" />
      </button>
      {open ? (
        <ul
          id={menuId}
          aria-label="Use part of it"
          className="absolute right-1.5 bottom-full mb-1 flex min-w-24 flex-col rounded-control border border-border-strong bg-panel-raised py-1 shadow-panel"
        >
          {parts(item).map((p) => (
            <li key={p.use}>
              <Link
                href={recallLink(item, p.use)}
                className="block whitespace-nowrap px-3 py-1 text-[12px] text-foreground hover:bg-panel-hover"
              >
                Use the {p.label.toLowerCase()}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
