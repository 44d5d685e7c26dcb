"use client";

import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ListTodo, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { isTyping } from "@/lib/client/create/shortcuts";
import { call } from "@/lib/client/endpoint-client";
import { type QueuePage, tasksKey, uniqueTasks } from "@/lib/client/gallery/cache";
import { useShowOlder } from "@/lib/client/older-pages";
import { api } from "@/lib/studio/api/addresses";
import { QueueRow } from "./queue-row";
import { usePrefetchWaiting, WaitingPanel } from "./waiting-panel";

/** Rows a page of the queue brings; the drawer asks for the next as its end comes into sight. */
const PAGE = 50;
/** A row's height before it is measured: one line of prompt, one of state. */
const ROW_ESTIMATE = 68;
const GAP = 8;

function useQueue() {
  return useInfiniteQuery({
    queryKey: tasksKey,
    queryFn: ({ pageParam }): Promise<QueuePage> =>
      call(api.tasks.list, { query: pageParam ? { limit: PAGE, cursor: pageParam } : { limit: PAGE } }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });
}

const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** How many tasks wait or run, the member's and the team's, in words. */
export function inFlightWords(inFlight: QueuePage["inFlight"]): string {
  const { yours, team } = inFlight;
  if (team === 0) return "Nothing is waiting or running.";
  const mine =
    yours === 0
      ? "None of yours is waiting or running"
      : `${counted(yours, "task of yours is", "tasks of yours are")} waiting or running`;
  const others = team - yours;
  return others === 0
    ? `${mine}, and nobody else's.`
    : `${mine}; ${counted(team, "task", "tasks")} across the team.`;
}

/** The top-bar button of the queue: how many tasks are in flight; opens the drawer (also "Q"). */
export function QueueButton() {
  const [open, setOpen] = useState(false);
  const { data } = useQueue();
  const running = data?.pages[0]?.inFlight.yours ?? 0;
  const prefetch = usePrefetchWaiting();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "q" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target))
        setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-keyshortcuts="Q"
        data-testid="queue-button"
      >
        {running > 0 ? <LoaderCircle aria-hidden className="animate-spin" /> : <ListTodo aria-hidden />}
        Queue
        {running > 0 ? (
          <span className="rounded-full bg-accent-strong px-1.5 font-semibold text-[11px] text-white tabular-nums">
            {running.toLocaleString("en-US")}
          </span>
        ) : null}
      </Button>
      <QueueDrawer open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Every task of the signed-in member, newest first, drawn only where in sight; failed ones can be retried. */
export function QueueDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const queue = useQueue();
  const { data, isLoading, hasNextPage, isFetchingNextPage } = queue;
  const loadMore = useShowOlder(queue);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Queue"
      description="Your tasks, newest first."
      variant="sheet"
    >
      <div className="flex h-full min-h-0 flex-col gap-4">
        <WaitingPanel />
        {isLoading || !data ? (
          <p className="text-[13px] text-muted">Loading…</p>
        ) : (data.pages[0]?.items.length ?? 0) === 0 ? (
          <p className="text-[13px] text-muted">Nothing sent yet.</p>
        ) : (
          <QueueList data={data} more={hasNextPage} loadingMore={isFetchingNextPage} loadMore={loadMore} />
        )}
      </div>
    </Dialog>
  );
}

function QueueList({
  data,
  more,
  loadingMore,
  loadMore,
}: {
  data: InfiniteData<QueuePage>;
  more: boolean;
  loadingMore: boolean;
  loadMore(): void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const tasks = uniqueTasks(data.pages);
  const inFlight = data.pages[0]?.inFlight ?? { yours: 0, team: 0 };
  const rows = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => frame.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => tasks[index]?.taskUUID ?? index,
    gap: GAP,
    overscan: 6,
  });
  const shown = rows.getVirtualItems();
  const lastShown = shown.at(-1)?.index ?? 0;
  // The next page is asked for while a screenful of rows is still ahead: scrolling does not stop.
  useEffect(() => {
    if (more && !loadingMore && lastShown >= tasks.length - 12) loadMore();
  }, [more, loadingMore, lastShown, tasks.length, loadMore]);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <p className="text-[13px] text-muted" data-testid="queue-count" aria-live="polite">
        {inFlightWords(inFlight)}
      </p>
      <div ref={frame} className="-mx-5 min-h-0 flex-1 overflow-y-auto px-5" data-testid="queue-frame">
        <ul
          className="relative"
          style={{ height: rows.getTotalSize() }}
          data-testid="queue-list"
          aria-busy={loadingMore}
        >
          {shown.map((row) => {
            const task = tasks[row.index];
            if (!task) return null;
            return (
              <li
                key={row.key}
                ref={rows.measureElement}
                data-index={row.index}
                aria-posinset={row.index + 1}
                aria-setsize={more ? -1 : tasks.length}
                className="absolute inset-x-0 top-0"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <QueueRow task={task} now={now} />
              </li>
            );
          })}
        </ul>
        <p className="py-3 text-center text-[12px] text-muted-subtle" data-testid="queue-end">
          {more || loadingMore
            ? "Loading older tasks…"
            : `That is all: ${counted(tasks.length, "task", "tasks")} of yours.`}
        </p>
      </div>
    </div>
  );
}
