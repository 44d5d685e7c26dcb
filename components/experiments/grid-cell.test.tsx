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
