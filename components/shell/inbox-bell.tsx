"use client";

import { Bell } from "lucide-react";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { useUnread } from "@/lib/client/notifications/use-inbox";

/** The bell in the top bar: my unread notifications, kept current by the relay. */
export function InboxBell() {
  const unread = useUnread().data?.unread ?? 0;
  return (
    <Link
      href="/inbox"
      aria-label={unread > 0 ? `Inbox, ${unread} unread` : "Inbox"}
      title="Your notifications"
      data-testid="inbox-bell"
      className={cn(
        "relative flex size-9 items-center justify-center rounded-control text-muted transition-colors hover:bg-panel-raised hover:text-foreground",
        focusRing,
      )}
    >
      <Bell aria-hidden className="size-[18px]" strokeWidth={1.75} />
      {unread > 0 ? (
        <span
          data-testid="inbox-count"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-strong px-1 font-semibold text-[10px] text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
