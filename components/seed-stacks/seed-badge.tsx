import { Dices } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { seedCountLabel } from "@/lib/studio/seed-stacks/seed-stacks";

/** On a card that stands for a seed stack: how many results differ from it only by seed. */
export function SeedBadge({ item, className }: { item: GalleryItem; className?: string }) {
  if (!item.seedCount || item.seedCount < 2) return null;
  return (
    <span
      data-testid="seed-count"
      title={`The best rated of ${seedCountLabel(item.seedCount)}: the same recipe, each with its own seed`}
      className={cn(
        "absolute right-2 inline-flex items-center gap-1 rounded-full bg-surface/90 px-2 py-0.5 font-medium text-[11px] text-foreground shadow-sm",
        className,
      )}
    >
      <Dices aria-hidden className="size-3" />
      {seedCountLabel(item.seedCount)}
    </span>
  );
}
