"use client";

import { cn } from "@/components/ui/cn";
import { useApprovalBadges } from "@/lib/client/approvals/approvals";
import { type ApprovalBadge, badgeText } from "@/lib/studio/approvals/approvals";

/** The colour of where a request stands, for its dot. */
export function statusTone(badge: Pick<ApprovalBadge, "status" | "overdue">): string {
  if (badge.overdue) return "bg-amber-400";
  switch (badge.status) {
    case "approved":
      return "bg-emerald-400";
    case "changesRequested":
      return "bg-orange-400";
    case "rejected":
      return "bg-red-500";
    case "cancelled":
      return "bg-zinc-500";
    default:
      return "bg-sky-400";
  }
}

/** An item's latest review request in words, over its card or beside the viewer's title. */
export function ItemApprovalBadge({ itemId, className }: { itemId: string; className?: string }) {
  const badges = useApprovalBadges();
  const badge = badges.data?.badges[itemId];
  if (!badge) return null;
  const text = badgeText(badge);
  return (
    <span
      data-testid="approval-badge"
      title={`Review request: ${text}`}
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-surface/90 px-2 py-0.5 font-medium text-[11px] text-foreground",
        className,
      )}
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", statusTone(badge))} />
      {text}
    </span>
  );
}
