import { type InfiniteData, InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { showOlder } from "./older-pages";

/**
 * A list like the inbox: newest first, three to a page, a cursor being the last entry's number.
 * Entries are numbers; a bigger one is newer. `release` lets a held request answer.
 */
interface Page {
  entries: number[];
  next: number | null;
}

function list(initial: number) {
  let newest = initial;
  const held: (() => void)[] = [];
  let hold = false;
  const page = async (cursor: number | null): Promise<Page> => {
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
    const entries: number[] = [];
    for (let n = cursor === null ? newest : cursor - 1; n >= 1 && entries.length < 3; n--) entries.push(n);
    const last = entries.at(-1);
    return { entries, next: last !== undefined && last > 1 ? last : null };
  };
  return {
    page,
    add() {
      newest++;
    },
    holdRequests(on: boolean) {
      hold = on;
    },
    release() {
      for (const resolve of held.splice(0)) resolve();
    },
    get waiting() {
      return held.length;
    },
  };
}

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

function observe(source: ReturnType<typeof list>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const observer = new InfiniteQueryObserver<Page, Error, InfiniteData<Page>, string[], number | null>(
    client,
    {
      queryKey: ["inbox"],
      queryFn: ({ pageParam }) => source.page(pageParam),
      initialPageParam: null,
      getNextPageParam: (last) => last.next ?? undefined,
    },
  );
  const stop = observer.subscribe(() => {});
  const entries = () => observer.getCurrentResult().data?.pages.flatMap((p) => p.entries) ?? [];
  return { client, observer, stop, entries };
}

/** A press on "Show older" with the list as it is now. */
function older(observer: InfiniteQueryObserver<Page, Error, InfiniteData<Page>, string[], number | null>) {
  const now = observer.getCurrentResult();
  return showOlder(now.fetchNextPage, now.data?.pages.length ?? 0);
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(check()).toBe(true);
}

describe("showOlder", () => {
  it("waits for a live refetch under way, keeps what it brought, and fetches after it", async () => {
    const source = list(7);
    const { client, observer, stop, entries } = observe(source);
    await until(() => entries().length === 3);
    expect(entries()).toEqual([7, 6, 5]);

    // A new entry arrives; the live event's refetch is slow to answer.
    source.add();
    source.holdRequests(true);
    const refetch = client.invalidateQueries({ queryKey: ["inbox"] });
    await until(() => source.waiting === 1);
    source.holdRequests(false);

    const pressed = older(observer);
    source.release();
    await Promise.all([refetch, pressed]);
    expect(entries()).toEqual([8, 7, 6, 5, 4, 3]);
    stop();
  });

  it("fetches the page again when a live refetch cancels it", async () => {
    const source = list(7);
    const { client, observer, stop, entries } = observe(source);
    await until(() => entries().length === 3);

    source.holdRequests(true);
    const pressed = older(observer);
    await until(() => source.waiting === 1);
    source.holdRequests(false);
    source.add();
    // The live refetch cancels the page fetch under way (TanStack's default for invalidation).
    await client.invalidateQueries({ queryKey: ["inbox"] });
    source.release();
    await pressed;
    expect(entries()).toEqual([8, 7, 6, 5, 4, 3]);
    stop();
  });

  it("stops at the list's end", async () => {
    const source = list(4);
    const { observer, stop, entries } = observe(source);
    await until(() => entries().length === 3);
    await older(observer);
    expect(entries()).toEqual([4, 3, 2, 1]);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    await older(observer);
    expect(entries()).toEqual([4, 3, 2, 1]);
    stop();
  });
});
