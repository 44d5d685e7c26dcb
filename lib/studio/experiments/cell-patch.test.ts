import { describe, expect, it } from "vitest";
import { type CellPatch, patchCells } from "./cell-patch";

const cell = (key: string, status: CellPatch["status"]) => ({
  key,
  coords: key.split("-").map(Number),
  params: { positivePrompt: key },
  status,
  errors: [],
  attempts: status === "pending" ? 0 : 1,
  taskUUID: status === "pending" ? null : `task-${key}`,
  seconds: null,
  items: [],
});

const view = {
  id: "e1",
  status: "running",
  cells: [cell("0-0", "done"), cell("0-1", "sent"), cell("1-0", "pending"), cell("1-1", "pending")],
  progress: { done: 1, failed: 0, cancelled: 0, refused: 0, running: 3, total: 4 },
};

describe("patchCells", () => {
  it("replaces the named cells, keeps the rest and counts the progress again", () => {
    const item = { id: "i1", kind: "image" as const, url: "/m/i1.png", width: 64, height: 64, cost: null };
    const next = patchCells(view, [
      {
        key: "0-1",
        status: "done",
        errors: [],
        attempts: 1,
        taskUUID: "task-0-1",
        seconds: 1.5,
        items: [item],
      },
      {
        key: "1-0",
        status: "error",
        errors: [{ code: "taskFailed", message: "The render failed." }],
        attempts: 1,
        taskUUID: "t",
        seconds: null,
        items: [],
      },
    ]);
    expect(next?.cells.map((c) => c.status)).toEqual(["done", "done", "error", "pending"]);
    expect(next?.cells[1]?.items).toEqual([item]);
    expect(next?.cells[1]?.params).toEqual({ positivePrompt: "0-1" });
    expect(next?.progress).toEqual({ done: 2, failed: 1, cancelled: 0, refused: 0, running: 1, total: 4 });
    expect(next?.id).toBe("e1");
    // The view given is left as it was.
    expect(view.cells[1]?.status).toBe("sent");
  });

  it("counts a cell cancelled while it waited as cancelled, not failed", () => {
    const next = patchCells(view, [
      {
        key: "1-0",
        status: "error",
        errors: [{ code: "cancelled", message: "Cancelled while it waited; it was never sent." }],
        attempts: 0,
        taskUUID: "t",
        seconds: null,
        items: [],
      },
    ]);
    expect(next?.progress).toMatchObject({ failed: 0, cancelled: 1, running: 2 });
  });

  it("answers null for a cell the view does not have, so the whole experiment is read", () => {
    expect(
      patchCells(view, [
        { key: "9-9", status: "done", errors: [], attempts: 1, taskUUID: "x", seconds: null, items: [] },
      ]),
    ).toBeNull();
  });

  it("keeps every cell it does not change, so a grid redraws only the patched one", () => {
    const next = patchCells(view, [
      { key: "1-0", status: "sent", errors: [], attempts: 1, taskUUID: "t", seconds: null, items: [] },
    ]);
    expect(next?.cells[2]).not.toBe(view.cells[2]);
    for (const i of [0, 1, 3]) expect(next?.cells[i]).toBe(view.cells[i]);
  });

  it("answers the very view when the patch changes nothing (the same event told twice)", () => {
    const same = view.cells[1];
    if (!same) throw new Error("no cell");
    const { coords: _coords, params: _params, ...patch } = same;
    const next = patchCells(view, [{ ...patch }]);
    expect(next).toBe(view);
    expect(next?.cells[1]).toBe(same);
  });
});
