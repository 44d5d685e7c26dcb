import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { CompareEntry } from "@/lib/studio/compare/compare";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { compareKey, patchCompareItems } from "./compare-cache";

function entry(id: string): CompareEntry {
  const item = { id, prompt: "a fox", kind: "image" } as GalleryItem;
  return { item, params: { seed: 1 } };
}

describe("compare cache", () => {
  it("keys a comparison by its set of items, whatever their order", () => {
    expect(compareKey(["b", "a"])).toEqual(compareKey(["a", "b"]));
  });

  it("patches an item in every open comparison that holds it, and no other", () => {
    const client = new QueryClient();
    client.setQueryData(compareKey(["a", "b"]), { items: [entry("a"), entry("b")] });
    const untouched = { items: [entry("c"), entry("d")] };
    client.setQueryData(compareKey(["c", "d"]), untouched);
    patchCompareItems(client, (item) => (item.id === "b" ? { ...item, prompt: "a wolf" } : item));
    const patched = client.getQueryData<{ items: CompareEntry[] }>(compareKey(["a", "b"]));
    expect(patched?.items.map((e) => e.item.prompt)).toEqual(["a fox", "a wolf"]);
    expect(patched?.items[1]?.params).toEqual({ seed: 1 });
    expect(client.getQueryData(compareKey(["c", "d"]))).toBe(untouched);
  });
});
