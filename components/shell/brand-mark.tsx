import { Aperture } from "lucide-react";
import { cn } from "@/components/ui/cn";

/** The product's mark: an aperture on an accent tile. Decorative; pair it with the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "grid size-8 shrink-0 place-items-center rounded-[9px] bg-gradient-to-br from-accent to-accent-strong text-white shadow-glow",
        className,
      )}
    >
      <Aperture className="size-[18px]" strokeWidth={2} />
    </span>
  );
}
