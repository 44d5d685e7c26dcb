"use client";

import { AtSign } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { promptForPeople } from "@/lib/client/create/field-labels";
import { useInbox, useMarkRead } from "@/lib/client/use-review";
import type { InboxEntry } from "@/lib/studio/api/inbox";
import { viewerUrl } from "@/lib/studio/gallery-urls";
import { ItemThumb } from "./item-thumb";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** Where a mention opens: the viewer, scrolled to the comment. */
export function mentionHref(entry: InboxEntry): string {
  return `${viewerUrl(entry.itemId)}#comment-${entry.commentId}`;
}

/** Mentions of me, newest first; opening one marks it read and shows the comment in the viewer. */
export function InboxList() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const router = useRouter();
  const entries = inbox.data?.pages.flatMap((p) => p.entries) ?? [];
  const unread = inbox.data?.pages[0]?.unread ?? 0;

  if (inbox.isPending) return <p className="text-[13px] text-muted-subtle">Loading your mentions…</p>;
  if (inbox.isError) return <p className="text-[13px] text-danger-fg">{inbox.error.message}</p>;
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={AtSign}
        title="Nobody has mentioned you yet"
        description="When a teammate writes @ and your name in a comment, it shows up here, and the bell in the top bar counts what you have not read."
      />
    );
  }
  const open = (entry: InboxEntry) => {
    if (!entry.read) markRead.mutate({ commentIds: [entry.commentId] });
    router.push(mentionHref(entry));
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-[13px] text-muted">
          {unread === 0 ? "All read." : `${unread} unread mention${unread === 1 ? "" : "s"}.`}
        </p>
        {unread > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => markRead.mutate({ all: true })}
            disabled={markRead.isPending}
          >
            Mark all as read
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-col overflow-hidden rounded-panel border border-border bg-panel shadow-panel">
        {entries.map((entry) => (
          <li key={entry.commentId} className="border-border border-b last:border-b-0">
            <button
              type="button"
              data-testid="inbox-entry"
              data-read={entry.read}
              onClick={() => open(entry)}
              className={cn(
                "flex w-full items-start gap-4 px-4 py-3 text-left transition-colors hover:bg-panel-raised",
                focusRing,
              )}
            >
              <span className="block size-14 shrink-0 overflow-hidden rounded-md border border-border bg-surface-sunken">
                <ItemThumb
                  itemId={entry.itemId}
                  url={entry.item.url}
                  src={entry.item.thumbUrl}
                  kind={entry.item.kind}
                  alt={promptForPeople(entry.item.prompt) ?? "Item"}
                />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex items-baseline gap-2 text-[12.5px]">
                  {!entry.read ? (
                    <span className="size-2 shrink-0 self-center rounded-full bg-accent">
                      <span className="sr-only">Unread</span>
                    </span>
                  ) : null}
                  <span className={cn("font-semibold", entry.read ? "text-muted" : "text-foreground")}>
                    {entry.comment.authorName}
                  </span>
                  <span className="text-muted-subtle">
                    {entry.comment.parentId ? "mentioned you in a reply" : "mentioned you"}
                  </span>
                  <time
                    dateTime={entry.createdAt}
                    className="ml-auto shrink-0 text-[11.5px] text-muted-subtle"
                  >
                    {timeFormat.format(new Date(entry.createdAt))}
                  </time>
                </span>
                <span
                  className={cn("line-clamp-2 text-[13px]", entry.read ? "text-muted" : "text-foreground/90")}
                >
                  {entry.comment.body}
                </span>
                <span className="truncate text-[11.5px] text-muted-subtle">
                  On “
                  {promptForPeople(entry.item.prompt) ??
                    (entry.item.kind === "video" ? "a video" : "an image")}
                  ”{entry.item.inTrash ? " (in the trash)" : ""}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {inbox.hasNextPage ? (
        <Button
          variant="ghost"
          onClick={() => void inbox.fetchNextPage()}
          disabled={inbox.isFetchingNextPage}
        >
          Show older mentions
        </Button>
      ) : null}
    </div>
  );
}
