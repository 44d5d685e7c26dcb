"use client";

import { Button } from "@/components/ui/button";
import { useShowOlder } from "@/lib/client/older-pages";
import { type HistoryEntry, useHistory } from "@/lib/client/review/use-review";
import { isReviewState, RATING_MAX, REVIEW_STATE_LABELS } from "@/lib/studio/review/review";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function stars(value: unknown): string {
  const n = Number(value);
  return `${n} star${n === 1 ? "" : "s"} of ${RATING_MAX}`;
}

function stateWords(value: unknown): string {
  return isReviewState(value) ? REVIEW_STATE_LABELS[value] : "an unknown state";
}

/** One audit entry in words: "Rita moved it from Draft to Approved". */
export function historyWords(entry: HistoryEntry, nameOf: (id: unknown) => string): string {
  const who = entry.actorName;
  switch (entry.kind) {
    case "rating":
      if (entry.to === null) return `${who} took back their rating (${stars(entry.from)})`;
      return entry.from === null
        ? `${who} rated it ${stars(entry.to)}`
        : `${who} changed their rating from ${stars(entry.from)} to ${stars(entry.to)}`;
    case "state":
      return `${who} moved it from ${stateWords(entry.from)} to ${stateWords(entry.to)}`;
    case "assign":
      return entry.to === null
        ? `${who} unassigned ${nameOf(entry.from)}`
        : `${who} assigned it to ${nameOf(entry.to)}`;
    case "comment": {
      const to = entry.to as { parentId?: string | null; body?: string } | null;
      if (entry.from !== null) return `${who} edited a comment`;
      return to?.parentId ? `${who} replied to a comment` : `${who} commented`;
    }
    case "resolve":
      return `${who} resolved a comment`;
    case "reopen":
      return `${who} reopened a comment`;
    case "trash":
      return `${who} moved it to the trash`;
    case "restore":
      return `${who} restored it from the trash`;
    case "purge":
      return `${who} deleted it for good`;
    case "board":
      return `${who} changed its boards`;
    case "tag":
      return `${who} changed its tags`;
    case "share":
      return `${who} shared it`;
    default:
      return `${who} changed it`;
  }
}

/** The audit trail, newest first: who changed what, when. Nobody can edit it. */
export function HistoryList({
  itemId,
  members,
}: {
  itemId: string;
  members: readonly { id: string; name: string }[];
}) {
  const history = useHistory(itemId, true);
  const showOlder = useShowOlder(history);
  const nameOf = (id: unknown) => members.find((m) => m.id === id)?.name ?? "a former member";
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  if (history.isPending) return <p className="text-[13px] text-muted-subtle">Loading the history…</p>;
  if (history.isError) return <p className="text-[13px] text-danger-fg">{history.error.message}</p>;
  if (entries.length === 0) {
    return <p className="text-[13px] text-muted-subtle">Nothing has happened to this item yet.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col">
        {entries.map((e) => (
          <li
            key={e.id}
            data-testid="history-entry"
            className="flex gap-3 border-border border-l py-1.5 pl-3"
          >
            <div className="min-w-0">
              <p className="text-[13px] text-foreground/90">{historyWords(e, nameOf)}</p>
              <time dateTime={e.createdAt} className="text-[11.5px] text-muted-subtle">
                {timeFormat.format(new Date(e.createdAt))}
              </time>
            </div>
          </li>
        ))}
      </ol>
      {history.hasNextPage ? (
        <Button variant="ghost" size="sm" onClick={showOlder} disabled={history.isFetchingNextPage}>
          Show older
        </Button>
      ) : null}
    </div>
  );
}
