// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/studio/api/addresses";
import { endpointQuery, queryKeyOf, useEndpoint, useEndpointMutation } from "./endpoint-client";
import { galleryTotalsKey, galleryViewKey, itemKey, tasksKey } from "./gallery/cache";
import { boardsKey, trashKey } from "./organize/keys";

const ITEM = "11111111-1111-4111-8111-111111111111";

/** A cache holding one read of several resources, each fresh. */
function cacheWithReads() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const reads: Record<string, QueryKey> = {
    trash: trashKey,
    galleryView: galleryViewKey("state=approved"),
    galleryTotals: galleryTotalsKey(""),
    boards: boardsKey,
    item: itemKey(ITEM),
    queue: tasksKey,
    experiments: queryKeyOf(api.experiments.list),
  };
  for (const key of Object.values(reads)) client.setQueryData(key, { read: true });
  const stale = () =>
    Object.entries(reads)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return { stale, wrapper };
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(body, { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("a mutation refreshes what its endpoint declares it invalidates", () => {
  it("refreshes every read of the declared resources, the gallery's own caches included, and no other", async () => {
    answer(200, { data: { restored: 1 } });
    const { stale, wrapper } = cacheWithReads();
    const { result } = renderHook(() => useEndpointMutation(api.trash.restore), { wrapper });
    await result.current.mutateAsync({ body: { itemIds: [ITEM] } });
    expect(api.trash.restore.spec.invalidates).toEqual(["trash", "gallery", "boards", "items", "seedStacks"]);
    expect(stale()).toEqual(["boards", "galleryTotals", "galleryView", "item", "trash"]);
  });

  it("refreshes nothing when the studio refuses", async () => {
    answer(403, { errors: [{ code: "forbidden", message: "No." }] });
    const { stale, wrapper } = cacheWithReads();
    const { result } = renderHook(() => useEndpointMutation(api.trash.restore), { wrapper });
    await expect(result.current.mutateAsync({ body: { itemIds: [ITEM] } })).rejects.toThrow();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(stale()).toEqual([]);
  });

  it("refreshes nothing for an endpoint declared to change nothing the browser reads", async () => {
    answer(200, { data: { items: [] } });
    const { stale, wrapper } = cacheWithReads();
    const { result } = renderHook(() => useEndpointMutation(api.spend.estimate), { wrapper });
    await result.current.mutateAsync({ body: { tasks: [] } } as never);
    expect(api.spend.estimate.spec.invalidates).toEqual([]);
    expect(stale()).toEqual([]);
  });

  it("refreshes the queue when tasks are sent", async () => {
    answer(200, { data: [] });
    const { stale, wrapper } = cacheWithReads();
    const { result } = renderHook(() => useEndpointMutation(api.tasks.submit), { wrapper });
    await result.current.mutateAsync({ body: [] } as never);
    expect(stale()).toEqual(["queue"]);
  });
});

describe("a read made ahead", () => {
  it("is the read the page then makes: the hook finds it in the cache and asks again for nothing", async () => {
    const fetch = vi.fn(async () => Response.json({ data: { tasks: [], experiments: [] } }, { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient();
    const input = { query: { scope: "mine" as const } };
    await client.prefetchQuery({ ...endpointQuery(api.queue.list, input), staleTime: 60_000 });
    expect(fetch).toHaveBeenCalledTimes(1);
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useEndpoint(api.queue.list, input, { staleTime: 60_000 }), {
      wrapper,
    });
    expect(result.current.data).toEqual({ tasks: [], experiments: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
