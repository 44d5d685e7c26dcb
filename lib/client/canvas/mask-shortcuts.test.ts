import { describe, expect, it } from "vitest";
import { type KeyPress, resolveShortcut } from "./mask-shortcuts";

const press = (key: string, mods: Partial<Omit<KeyPress, "key">> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("resolveShortcut", () => {
  it("maps tool and size keys, in either case", () => {
    expect(resolveShortcut(press("b"))).toBe("brush");
    expect(resolveShortcut(press("E", { shiftKey: true }))).toBe("eraser");
    expect(resolveShortcut(press("h"))).toBe("hand");
    expect(resolveShortcut(press("["))).toBe("size-down");
    expect(resolveShortcut(press("]"))).toBe("size-up");
  });

  it("maps undo and redo with Ctrl or Cmd", () => {
    expect(resolveShortcut(press("z", { ctrlKey: true }))).toBe("undo");
    expect(resolveShortcut(press("z", { metaKey: true }))).toBe("undo");
    expect(resolveShortcut(press("Z", { ctrlKey: true, shiftKey: true }))).toBe("redo");
    expect(resolveShortcut(press("z", { metaKey: true, shiftKey: true }))).toBe("redo");
    expect(resolveShortcut(press("y", { ctrlKey: true }))).toBe("redo");
  });

  it("maps edit and view keys", () => {
    expect(resolveShortcut(press("i"))).toBe("invert");
    expect(resolveShortcut(press("Delete"))).toBe("clear");
    expect(resolveShortcut(press("Backspace"))).toBe("clear");
    expect(resolveShortcut(press("+", { shiftKey: true }))).toBe("zoom-in");
    expect(resolveShortcut(press("="))).toBe("zoom-in");
    expect(resolveShortcut(press("-"))).toBe("zoom-out");
    expect(resolveShortcut(press("0"))).toBe("fit");
  });

  it("leaves the browser's own shortcuts and unknown keys alone", () => {
    expect(resolveShortcut(press("0", { ctrlKey: true }))).toBeNull();
    expect(resolveShortcut(press("=", { metaKey: true }))).toBeNull();
    expect(resolveShortcut(press("b", { ctrlKey: true }))).toBeNull();
    expect(resolveShortcut(press("z", { altKey: true, ctrlKey: true }))).toBeNull();
    expect(resolveShortcut(press("e", { altKey: true }))).toBeNull();
    expect(resolveShortcut(press("q"))).toBeNull();
    expect(resolveShortcut(press("Enter"))).toBeNull();
  });
});
