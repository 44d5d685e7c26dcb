"use client";

import { Check } from "lucide-react";
import { cn, focusRing } from "@/components/ui/cn";
import { useGallerySelection } from "@/lib/client/gallery/selection";

/** A card's checkbox: picks the item for the bulk bar or a comparison. */
export function SelectToggle({ itemId, label }: { itemId: string; label: string }) {
  const selected = useGallerySelection((s) => s.ids.includes(itemId));
  const toggle = useGallerySelection((s) => s.toggle);
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={`Select ${label}`}
      onClick={() => toggle(itemId)}
      className={cn(
        "absolute top-2 right-2 grid size-6 place-items-center rounded-md border transition-opacity",
        selected
          ? "border-accent-strong bg-accent-strong text-accent-contrast opacity-100"
          : "border-border-strong bg-surface/90 text-transparent opacity-0 group-hover:opacity-100 focus-visible:opacity-100",
        focusRing,
      )}
    >
      <Check aria-hidden className="size-4" />
    </button>
  );
}
