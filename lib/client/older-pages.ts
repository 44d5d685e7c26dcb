/**
 * "Show older" on a list that live events refresh. TanStack Query's `fetchNextPage` cancels a
 * refetch under way by default and appends the next page to the pages as they were; when that
 * refetch was the one a live event started, what it would have brought (the newest entry) is lost
 * from the list until the next event, and the next page starts after an entry that is no longer
 * the last. Here a refetch under way is waited for instead, and the next page follows what it
 * brought. A live refetch that cancels the page fetch in turn is also waited for, and the page is
 * asked for again: a press on "Show older" always shows older entries, or the list's end.
 */

import { useCallback } from "react";

/** An infinite query's `fetchNextPage` (`useInfiniteQuery`'s, or an observer's). */
type FetchNextPage = (options: { cancelRefetch: boolean }) => Promise<{
  data?: { pages: readonly unknown[] } | undefined;
  hasNextPage: boolean;
  isError: boolean;
}>;

/** A refresh can keep a press from its page this many times before the press gives up. */
const TRIES = 4;

/**
 * Fetches the page after the list's last, once no refetch of the list is under way; `loaded` is
 * how many pages the list held when asked.
 */
export async function showOlder(fetchNextPage: FetchNextPage, loaded: number): Promise<void> {
  for (let tries = 0; tries < TRIES; tries++) {
    // With a fetch under way this joins it rather than cancelling it.
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isError || !result.hasNextPage || (result.data?.pages.length ?? 0) > loaded) return;
  }
}

/** `showOlder` for a list's "Show older" press or its scroll's end; changes only with the page count. */
export function useShowOlder(query: {
  data?: { pages: readonly unknown[] } | undefined;
  fetchNextPage: FetchNextPage;
}): () => void {
  const { fetchNextPage } = query;
  const loaded = query.data?.pages.length ?? 0;
  return useCallback(() => void showOlder(fetchNextPage, loaded), [fetchNextPage, loaded]);
}
