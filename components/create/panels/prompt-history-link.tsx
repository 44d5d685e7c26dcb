import { History } from "lucide-react";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";

/** "History" beside a prompt field: every prompt the member ran, with its edits and results. */
export function PromptHistoryLink({ className }: { className?: string }) {
  return (
    <Link
      href="/prompts"
      title="Every prompt you ran, with its edits and results"
      className={cn(
        "flex items-center gap-1 rounded-control px-1.5 py-0.5 text-[12px] text-muted hover:text-foreground",
        focusRing,
        className,
      )}
    >
      <History aria-hidden className="size-3.5" />
      History
    </Link>
  );
}
