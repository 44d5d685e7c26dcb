import { describe, expect, it } from "vitest";
import { CANVAS_SHORTCUTS, canvasAction } from "./canvas-keys";

const press = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("canvas keys", () => {
  it("maps the listed keys to their actions", () => {
    expect(canvasAction(press("b"))).toBe("brush");
    expect(canvasAction(press("E"))).toBe("eraser");
    expect(canvasAction(press("z", { ctrlKey: true }))).toBe("undo");
    expect(canvasAction(press("Z", { metaKey: true, shiftKey: true }))).toBe("redo");
    expect(canvasAction(press("Enter", { ctrlKey: true }))).toBe("generate");
    expect(canvasAction(press("ArrowRight"))).toBe("next");
  });

  it("leaves a browser's own Ctrl+key and Alt+key alone", () => {
    expect(canvasAction(press("b", { ctrlKey: true }))).toBeNull();
    expect(canvasAction(press("r", { altKey: true }))).toBeNull();
    expect(canvasAction(press("q"))).toBeNull();
  });

  it("lists every shortcut it answers to", () => {
    expect(CANVAS_SHORTCUTS.map((s) => s.keys.join("+"))).toContain("Mod+Shift+Z");
    expect(CANVAS_SHORTCUTS).toHaveLength(16);
  });

  it("lists each single key it answers to, and answers to each single key it lists", () => {
    const single = CANVAS_SHORTCUTS.filter((s) => s.keys.length === 1).map((s) => s.keys[0] ?? "");
    const named: Record<string, string> = { "←": "ArrowLeft", "→": "ArrowRight" };
    for (const key of single) expect(canvasAction(press(named[key] ?? key))).not.toBeNull();
    for (const key of "abcdefghijklmnopqrstuvwxyz[]".split("")) {
      const action = canvasAction(press(key));
      if (action) expect(single.map((k) => k.toLowerCase())).toContain(key);
    }
  });

  it("picks the bucket with G and the lasso with L", () => {
    expect(canvasAction(press("g"))).toBe("fill");
    expect(canvasAction(press("L"))).toBe("lasso");
    expect(canvasAction(press("g", { altKey: true }))).toBeNull();
  });
});
