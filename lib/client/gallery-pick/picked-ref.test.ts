import { describe, expect, it } from "vitest";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { dragPayloadOf, droppedPick, STUDIO_ITEM_TYPE } from "./picked-ref";

const origin = "https://studio.example";
const item = {
  id: "0b0e6d8e-1c2f-4c1e-9a53-3f1c2d4e5f60",
  mediaUUID: "7f3c1b2a-4d5e-4f60-8a9b-0c1d2e3f4a5b",
  url: "/api/media/items/x.png",
  width: 512,
  height: 384,
  mime: "image/png",
  kind: "image",
} as GalleryItem;

function drop(types: Record<string, string>, files: File[] = []) {
  return { getData: (t: string) => types[t] ?? "", files };
}

describe("a drop on an image input", () => {
  it("takes a gallery card as its media UUID, with no look-up and no bytes", () => {
    expect(droppedPick(drop({ [STUDIO_ITEM_TYPE]: dragPayloadOf(item) }), origin)).toEqual({
      kind: "ref",
      ref: { id: item.mediaUUID, url: item.url, width: 512, height: 384, mime: "image/png" },
    });
  });

  it("names a video result, which cannot stand where an image goes", () => {
    const video = { ...item, kind: "video" } as GalleryItem;
    expect(droppedPick(drop({ [STUDIO_ITEM_TYPE]: dragPayloadOf(video) }), origin)).toEqual({
      kind: "video",
    });
  });

  it("reads a card's link from this studio when the browser kept only that", () => {
    const link = `${origin}/gallery/item/${item.id.toUpperCase()}?sort=rating`;
    expect(droppedPick(drop({ "text/uri-list": `# a comment\n${link}` }), origin)).toEqual({
      kind: "item",
      itemId: item.id,
    });
  });

  it("leaves alone links of another site or another page, and a broken payload", () => {
    expect(
      droppedPick(drop({ "text/uri-list": `https://elsewhere.example/gallery/item/${item.id}` }), origin),
    ).toBe(null);
    expect(droppedPick(drop({ "text/uri-list": `${origin}/gallery` }), origin)).toBe(null);
    expect(droppedPick(drop({ [STUDIO_ITEM_TYPE]: "{not json" }), origin)).toBe(null);
    expect(droppedPick(drop({ [STUDIO_ITEM_TYPE]: JSON.stringify({ id: "x", url: "/a" }) }), origin)).toBe(
      null,
    );
  });

  it("takes a file when no card came with it", () => {
    const file = new File(["x"], "a.png", { type: "image/png" });
    expect(droppedPick(drop({}, [file]), origin)).toEqual({ kind: "file", file });
  });
});
