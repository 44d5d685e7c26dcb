import { describe, expect, it } from "vitest";
import { shortcutsFor } from "./page-shortcuts";
import { VIEWER_KEYS, viewerCommand } from "./viewer-keys";

describe("the item viewer's keys", () => {
  it("turns each key into its command", () => {
    expect(viewerCommand({ key: "ArrowLeft" })).toEqual({ kind: "previous" });
    expect(viewerCommand({ key: "ArrowRight" })).toEqual({ kind: "next" });
    expect(viewerCommand({ key: "4" })).toEqual({ kind: "rate", stars: 4 });
    expect(viewerCommand({ key: "=" })).toEqual({ kind: "zoomIn" });
    expect(viewerCommand({ key: "+" })).toEqual({ kind: "zoomIn" });
    expect(viewerCommand({ key: "-" })).toEqual({ kind: "zoomOut" });
    expect(viewerCommand({ key: "0" })).toEqual({ kind: "zoomFit" });
    expect(viewerCommand({ key: "," })).toEqual({ kind: "frame", step: -1 });
    expect(viewerCommand({ key: "." })).toEqual({ kind: "frame", step: 1 });
    expect(viewerCommand({ key: "[" })).toEqual({ kind: "version", step: -1 });
    expect(viewerCommand({ key: "]" })).toEqual({ kind: "version", step: 1 });
    expect(viewerCommand({ key: "Escape" })).toEqual({ kind: "close" });
  });

  it("leaves keys with Ctrl, Cmd or Alt, taken keys, and other keys alone", () => {
    expect(viewerCommand({ key: "ArrowLeft", ctrlKey: true })).toBeNull();
    expect(viewerCommand({ key: "0", metaKey: true })).toBeNull();
    expect(viewerCommand({ key: "1", altKey: true })).toBeNull();
    expect(viewerCommand({ key: "1", defaultPrevented: true })).toBeNull();
    expect(viewerCommand({ key: "6" })).toBeNull();
    expect(viewerCommand({ key: "x" })).toBeNull();
  });

  it("lists every key it answers on the viewer's page, and the keys of every page", () => {
    const list = shortcutsFor("/gallery/item/4f7c2a9e-1d3b-4c8a-9e2f-5b6a7c8d9e0f");
    const keys = list.flatMap((s) => s.keys);
    for (const key of ["←", "→", "1", "5", "+", "-", "0", ",", ".", "Esc", "?"]) expect(keys).toContain(key);
    for (const entry of VIEWER_KEYS) expect(list.map((s) => s.action)).toContain(entry.action);
    // Each row is one action: the list has no two rows of the same name.
    expect(new Set(list.map((s) => s.action)).size).toBe(list.length);
  });
});
