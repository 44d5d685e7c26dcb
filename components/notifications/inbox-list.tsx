"use client";

import { Bell, FlaskConical, Vote } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { useInbox, useMarkRead } from "@/lib/client/notifications/use-inbox";
import { useShowOlder } from "@/lib/client/older-pages";
import type { InboxEntry } from "@/lib/studio/api/inbox";
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "@/lib/studio/notifications/notifications";
import { ItemThumb } from "../review/item-thumb";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function EntryPicture({ entry }: { entry: InboxEntry }) {
  const { item } = entry;
  if (item) {
    return (
      <ItemThumb
        itemId={item.id}
        url={item.url}
        src={item.thumbUrl}
        kind={item.kind}
        alt={promptForPeople(item.prompt) ?? "Item"}
      />
    );
  }
  const Icon = entry.kind === "vote" ? Vote : entry.kind === "experiment" ? FlaskConical : Bell;
  return (
    <span className="grid size-full place-items-center text-muted">
      <Icon aria-hidden className="size-6" strokeWidth={1.5} />
    </span>
  );
}

function EntryRow({ entry, onOpen }: { entry: InboxEntry; onOpen(entry: InboxEntry): void }) {
  return (
    <li className="border-border border-b last:border-b-0">
      <button
        type="button"
        data-testid="inbox-entry"
        data-read={entry.read}
        data-kind={entry.kind}
        onClick={() => onOpen(entry)}
        className={cn(
          "flex w-full items-start gap-4 px-4 py-3 text-left transition-colors hover:bg-panel-raised",
          focusRing,
        )}
      >
        <span className="block size-14 shrink-0 overflow-hidden rounded-md border border-border bg-surface-sunken">
          <EntryPicture entry={entry} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2 text-[13px]">
            {!entry.read ? (
              <span className="size-2 shrink-0 self-center rounded-full bg-accent">
                <span className="sr-only">Unread</span>
              </span>
            ) : null}
            <span className={cn("min-w-0", entry.read ? "text-muted" : "text-foreground")}>
              {entry.actorName ? <span className="font-semibold">{entry.actorName} </span> : null}
              {entry.text}
              {entry.item?.inTrash ? <span className="text-muted-subtle"> (in the trash)</span> : null}
            </span>
            <time dateTime={entry.createdAt} className="ml-auto shrink-0 text-[11.5px] text-muted-subtle">
              {timeFormat.format(new Date(entry.createdAt))}
            </time>
          </span>
          {entry.excerpt ? (
            <span className={cn("line-clamp-2 text-[13px]", entry.read ? "text-muted-subtle" : "text-muted")}>
              “{entry.excerpt}”
            </span>
          ) : null}
          <span className="text-[11.5px] text-muted-subtle">
            {NOTIFICATION_KIND_LABELS[entry.kind].label}
          </span>
        </span>
      </button>
    </li>
  );
}

/** My notifications, newest first; opening one marks it read and goes to what it is about. */
export function InboxList() {
  const [kind, setKind] = useState<NotificationKind | "">("");
  const [unreadOnly, setUnreadOnly] = useState(false);
  const inbox = useInbox({ kind: kind || undefined, unreadOnly });
  const showOlder = useShowOlder(inbox);
  const markRead = useMarkRead();
  const router = useRouter();
  const entries = inbox.data?.pages.flatMap((p) => p.entries) ?? [];
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const filtered = kind !== "" || unreadOnly;

  const open = (entry: InboxEntry) => {
    if (!entry.read) markRead.mutate({ ids: [entry.id] });
    router.push(entry.href);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <span className="flex items-center gap-2 text-[13px] text-muted">
          <label htmlFor="inbox-kind">Show</label>
          <Select
            id="inbox-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as NotificationKind | "")}
          >
            <option value="">Everything</option>
            {NOTIFICATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {NOTIFICATION_KIND_LABELS[k].label}
              </option>
            ))}
          </Select>
        </span>
        <span className="flex items-center gap-2 text-[13px] text-muted">
          <Switch id="inbox-unread-only" checked={unreadOnly} onChange={setUnreadOnly} />
          <label htmlFor="inbox-unread-only">Unread only</label>
        </span>
        <p role="status" className="ml-auto text-[13px] text-muted">
          {unread === 0 ? "All read." : `${unread} unread.`}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => markRead.mutate({ all: true })}
          disabled={unread === 0 || markRead.isPending}
        >
          Mark all read
        </Button>
      </div>
      {inbox.isPending ? (
        <p className="text-[13px] text-muted-subtle">Loading your notifications…</p>
      ) : inbox.isError ? (
        <p className="text-[13px] text-danger-fg">{inbox.error.message}</p>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={Bell}
          title={filtered ? "Nothing here with this filter" : "Nothing for you yet"}
          description={
            filtered
              ? "Show everything to see the rest of your notifications."
              : "When a teammate mentions you, assigns you an item, reviews yours, replies in your thread or opens a vote, it shows up here, and the bell in the top bar counts what you have not read."
          }
        />
      ) : (
        <ul className="flex flex-col overflow-hidden rounded-panel border border-border bg-panel shadow-panel">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} onOpen={open} />
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <Button variant="ghost" onClick={showOlder} disabled={inbox.isFetchingNextPage}>
          Show older notifications
        </Button>
      ) : null}
    </div>
  );
}
