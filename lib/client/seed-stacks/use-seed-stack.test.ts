// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/studio/api/addresses";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { invalidateResources } from "../endpoint-client";
import { seedStackKey, useSeedStack } from "./use-seed-stack";

const OLDEST = "11111111-1111-4111-8111-111111111111";
const NEWEST = "55555555-5555-4555-8555-555555555555";
const OTHER = "99999999-9999-4999-8999-999999999999";

type Member = Pick<GalleryItem, "id" | "seedKey" | "review">;
const member = (id: string, seedKey = "stack-a", deletedAt: string | null = null): Member => ({
  id,
  seedKey,
  review: {
    state: "new",
    assigneeId: null,
    ratingAvg: null,
    ratingCount: 0,
    tags: [],
    boardIds: [],
    commentCount: 0,
    deletedAt,
  } as unknown as NonNullable<GalleryItem["review"]>,
});

/** The stack's order as the studio answers it: the cover first. */
const stackOf = (order: string[]) => ({ cover: order[0], members: order.map((id) => ({ id })) });

afterEach(() => vi.unstubAllGlobals());

describe("the seed stack's cache entry", () => {
  it("is one per stack, whichever member asks; a trashed member and another stack have their own", () => {
    expect(seedStackKey(member(OLDEST))).toEqual(seedStackKey(member(NEWEST)));
    expect(seedStackKey(member(OLDEST))).not.toEqual(seedStackKey(member(OTHER, "stack-b")));
    expect(seedStackKey(member(OTHER, "stack-a", "2026-01-01T00:00:00Z"))).not.toEqual(
      seedStackKey(member(OLDEST)),
    );
    expect(seedStackKey({ id: OTHER, review: undefined })).toBeNull();
  });

  it.each([
    ["a rating", api.items.rate],
    ["a rating taken back", api.items.unrate],
    ["a bulk action (the trash)", api.items.bulk],
    ["a restore from the trash", api.trash.restore],
  ])("is refreshed by %s, as the endpoint declares", async (_what, endpoint) => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const key = seedStackKey(member(OLDEST)) ?? [];
    client.setQueryData(key, stackOf([NEWEST, OLDEST]));
    await invalidateResources(client, endpoint.spec.invalidates ?? []);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("shows the newest seed the order a rating on the oldest made, not the one from its earlier visit", async () => {
    // The stack's order before the oldest is rated, then after: it covers the stack.
    let order = [NEWEST, OLDEST];
    const fetch = vi.fn(async () => Response.json({ data: stackOf(order) }));
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result, rerender } = renderHook(({ item }: { item: Member }) => useSeedStack(item), {
      wrapper,
      initialProps: { item: member(NEWEST) },
    });
    await waitFor(() => expect(result.current.data?.cover).toBe(NEWEST));
    // The viewer steps to the oldest seed and rates it: the stack's reads are refreshed.
    rerender({ item: member(OLDEST) });
    order = [OLDEST, NEWEST];
    await invalidateResources(client, api.items.rate.spec.invalidates ?? []);
    await waitFor(() => expect(result.current.data?.cover).toBe(OLDEST));
    // Back at the newest seed, at once: `{` steps from its place in this order.
    const calls = fetch.mock.calls.length;
    rerender({ item: member(NEWEST) });
    expect(result.current.data?.members.map((m) => m.id)).toEqual([OLDEST, NEWEST]);
    expect(fetch.mock.calls.length).toBe(calls);
  });
});
