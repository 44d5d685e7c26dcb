"use client";

import { Images } from "lucide-react";
import { useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { GalleryPicker } from "./gallery-picker";

/** "From gallery" beside an image input: opens the picker and hands back the image chosen. */
export function FromGalleryButton({
  target,
  onPick,
  compact = false,
  disabled,
}: {
  target: string;
  onPick(item: GalleryItem): void;
  /** An icon alone, for the small tiles of lists. */
  compact?: boolean;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={`${target}: from the gallery`}
        title="Pick an image from the gallery"
        className={cn(
          "inline-flex items-center gap-1.5 rounded-control border border-border bg-panel text-[12px] text-muted transition-colors hover:bg-panel-hover hover:text-foreground disabled:opacity-50",
          compact ? "size-7 justify-center" : "h-7 px-2.5",
          focusRing,
        )}
      >
        <Images aria-hidden className="size-3.5" />
        {compact ? null : "From gallery"}
      </button>
      {open ? <GalleryPicker open={open} onOpenChange={setOpen} target={target} onPick={onPick} /> : null}
    </>
  );
}
