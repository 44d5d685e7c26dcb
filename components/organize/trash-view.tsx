"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/field";
import { wholeMedia } from "@/components/ui/whole-media";
import { call, useEndpointMutation } from "@/lib/client/endpoint-client";
import { useShowOlder } from "@/lib/client/older-pages";
import { trashKey } from "@/lib/client/organize/keys";
import { api } from "@/lib/studio/api/addresses";
import type { TrashedItem } from "@/lib/studio/organize/organize";
import { TRASH_DAYS } from "@/lib/studio/review/review";

const dateFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const dayFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

/** The trash (owner): what was moved there, by whom and when; restore, or delete for good. */
export function TrashView() {
  const restore = useEndpointMutation(api.trash.restore);
  const purge = useEndpointMutation(api.trash.purge);
  const trash = useInfiniteQuery({
    queryKey: trashKey,
    queryFn: ({ pageParam, signal }) =>
      call(api.trash.list, { query: { limit: 50, cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const showOlder = useShowOlder(trash);
  const [purging, setPurging] = useState<TrashedItem | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const items = trash.data?.pages.flatMap((p) => p.items) ?? [];

  async function run(endpoint: typeof api.trash.restore | typeof api.trash.purge, ids: string[]) {
    setBusy(true);
    setError(undefined);
    try {
      await (endpoint === api.trash.restore ? restore : purge).mutateAsync({ body: { itemIds: ids } });
      setPurging(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work. Try again.");
    } finally {
      setBusy(false);
    }
  }

  if (trash.isError) return <FormError>{trash.error.message}</FormError>;
  if (!trash.isPending && items.length === 0)
    return (
      <EmptyState
        icon={Trash2}
        title="The trash is empty"
        description={`Items moved to the trash wait here for ${TRASH_DAYS} days, for an owner to restore them, before they are deleted for good.`}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <FormError>{error}</FormError>
      <ul
        className="divide-y divide-border overflow-hidden rounded-card border border-border bg-panel"
        aria-label="Trash"
      >
        {items.map((item) => (
          <li key={item.id} data-testid="trash-item" className="flex items-center gap-4 px-4 py-3">
            <div className="relative size-16 shrink-0 overflow-hidden rounded-control bg-surface-sunken">
              {item.kind === "image" ? (
                // biome-ignore lint/performance/noImgElement: studio media is served by our own route.
                <img src={item.url} alt="" className={wholeMedia} loading="lazy" />
              ) : (
                <video src={item.url} muted preload="metadata" className={wholeMedia} />
              )}
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate text-[13px] text-foreground">{item.prompt || "No prompt"}</p>
              <p className="text-[12px] text-muted-subtle">
                By {item.authorName} · moved to the trash by {item.deletedByName},{" "}
                {dateFormat.format(new Date(item.deletedAt))} · deleted for good on{" "}
                {dayFormat.format(new Date(item.purgeAt))}
              </p>
            </div>
            <Button size="sm" disabled={busy} onClick={() => void run(api.trash.restore, [item.id])}>
              <RotateCcw aria-hidden className="size-3.5" />
              Restore
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setPurging(item)}>
              <Trash2 aria-hidden className="size-3.5" />
              Delete for good
            </Button>
          </li>
        ))}
      </ul>
      {trash.hasNextPage ? (
        <Button className="self-center" disabled={trash.isFetchingNextPage} onClick={showOlder}>
          Show more
        </Button>
      ) : null}
      <Dialog
        open={purging !== null}
        onOpenChange={(open) => (open ? null : setPurging(null))}
        title="Delete for good?"
        description="The file and its ratings, tags and comments are deleted and cannot be brought back. The audit trail keeps the record that it existed."
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setPurging(null)}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => purging && void run(api.trash.purge, [purging.id])}
          >
            Delete for good
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
