import { describe, expect, it } from "vitest";
import { canRedo, canUndo, createHistory, pushHistory, redoHistory, undoHistory } from "./history";

describe("history", () => {
  it("starts with nothing to undo or redo", () => {
    const h = createHistory("a");
    expect(h.present).toBe("a");
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
  });

  it("undoes and redoes in order", () => {
    let h = createHistory("a");
    h = pushHistory(h, "b");
    h = pushHistory(h, "c");
    h = undoHistory(h);
    expect(h.present).toBe("b");
    h = undoHistory(h);
    expect(h.present).toBe("a");
    expect(canUndo(h)).toBe(false);
    h = redoHistory(h);
    expect(h.present).toBe("b");
    h = redoHistory(h);
    expect(h.present).toBe("c");
    expect(canRedo(h)).toBe(false);
  });

  it("returns the same history when there is nothing to undo or redo", () => {
    const h = createHistory(1);
    expect(undoHistory(h)).toBe(h);
    expect(redoHistory(h)).toBe(h);
  });

  it("drops the redo branch on a new change", () => {
    let h = createHistory("a");
    h = pushHistory(h, "b");
    h = undoHistory(h);
    h = pushHistory(h, "x");
    expect(canRedo(h)).toBe(false);
    expect(h.present).toBe("x");
    expect(undoHistory(h).present).toBe("a");
  });

  it("keeps at most `limit` undo steps, dropping the oldest", () => {
    let h = createHistory(0, 3);
    for (let i = 1; i <= 10; i++) h = pushHistory(h, i);
    expect(h.past).toEqual([7, 8, 9]);
    h = undoHistory(undoHistory(undoHistory(h)));
    expect(h.present).toBe(7);
    expect(canUndo(h)).toBe(false);
    expect(h.future).toEqual([8, 9, 10]);
  });

  it("does not mutate earlier histories", () => {
    const a = pushHistory(createHistory("a"), "b");
    const b = undoHistory(a);
    expect(a.present).toBe("b");
    expect(a.past).toEqual(["a"]);
    expect(b.present).toBe("a");
  });

  it("rejects a limit below one", () => {
    expect(() => createHistory(0, 0)).toThrow(RangeError);
  });
});
