import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Regression } from "@/lib/studio/api/eval-set-regression";
import { applyGalleryChange } from "../stream/gallery-live";
import { regressionKey } from "./use-regression";

const result = (id: string) => ({
  status: "done" as const,
  errors: [],
  item: { id, kind: "image" as const, width: 1, height: 1, ratingAvg: null, ratingCount: 0 },
});
const view = (baseline: string, run: string) =>
  ({ rows: [{ baseline: result(baseline), run: result(run) }] }) as unknown as Regression;
const review = { state: "new", ratingAvg: 4, ratingCount: 1, myRating: null } as never;

describe("live changes to regression views", () => {
  it("reads again the views showing a rated result, and every view of a set whose vote changed", () => {
    const client = new QueryClient();
    const a = regressionKey("set-1", "run-2", null);
    const b = regressionKey("set-1", "run-3", "run-1");
    const other = regressionKey("set-2", "run-9", null);
    client.setQueryData(a, view("i-1", "i-2"));
    client.setQueryData(b, view("i-1", "i-3"));
    client.setQueryData(other, view("i-8", "i-9"));
    const stale = () => [a, b, other].map((k) => client.getQueryState(k)?.isInvalidated);

    applyGalleryChange(client, { kind: "review", itemId: "i-3", review });
    expect(stale()).toEqual([false, true, false]);

    applyGalleryChange(client, { kind: "round", anchorId: "set-2", roundId: "r" });
    expect(stale()).toEqual([false, true, true]);

    applyGalleryChange(client, { kind: "round", anchorId: "set-1", roundId: "r" });
    expect(stale()).toEqual([true, true, true]);
  });
});
