// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { GridCell } from "./grid-cell";
import type { CellView } from "./types";

afterEach(cleanup);

const cell = (status: CellView["status"]): CellView => ({
  key: "0-1",
  coords: [0, 1],
  status,
  params: {},
  errors: [],
  attempts: status === "pending" ? 0 : 1,
  taskUUID: status === "pending" ? null : "00000000-0000-4000-8000-000000000002",
  seconds: null,
  items: [],
});

function drawn(status: CellView["status"]) {
  const { container } = render(
    <GridCell
      experimentId="e"
      cell={cell(status)}
      reference={false}
      selected={false}
      canRun
      onSelect={() => undefined}
      onRetry={() => undefined}
    />,
  );
  return {
    words: container.textContent,
    spinning: container.querySelectorAll(".motion-safe\\:animate-spin").length,
  };
}

describe("a cell not done yet", () => {
  it("turns only while its task is at the service; waiting its turn it stands still", () => {
    expect(drawn("sent")).toEqual({ words: "Running", spinning: 1 });
    expect(drawn("pending")).toEqual({ words: "Waiting", spinning: 0 });
  });
});

describe("a done cell's results", () => {
  const done = (count: number): CellView => ({
    ...cell("done"),
    items: Array.from({ length: count }, (_, i) => ({
      id: `00000000-0000-4000-8000-00000000010${i}`,
      kind: "image" as const,
      url: `/media/${i}.png`,
      width: 512,
      height: 512,
      cost: null,
      seed: String(1000 + i),
    })),
  });
  const mosaics = (count: number) => {
    const { container } = render(
      <GridCell
        experimentId="e"
        cell={done(count)}
        reference={false}
        selected={false}
        canRun
        onSelect={() => undefined}
        onRetry={() => undefined}
      />,
    );
    return [...container.querySelectorAll("[data-mosaic]")].map((m) => ({
      most: m.getAttribute("data-mosaic"),
      rows: [...m.children].map((row) => row.querySelectorAll("a").length),
      more: m.querySelector("[data-tile=more]")?.textContent ?? null,
    }));
  };

  it("fill the square in rows with no tile left empty, every result a link", () => {
    expect(mosaics(1)).toEqual([{ most: "4", rows: [1], more: null }]);
    expect(mosaics(2)).toEqual([{ most: "4", rows: [2], more: null }]);
    // Three results: one wide over two, where a 2x2 left a quarter empty.
    expect(mosaics(3)).toEqual([{ most: "4", rows: [1, 2], more: null }]);
    expect(mosaics(4)).toEqual([{ most: "4", rows: [2, 2], more: null }]);
  });

  it("with more than the small zoom has tiles for: all of them at the larger zooms, +k at the small one", () => {
    expect(mosaics(5)).toEqual([
      { most: "9", rows: [2, 3], more: null },
      { most: "4", rows: [2, 2], more: "+2" },
    ]);
  });
});
