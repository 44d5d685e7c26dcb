// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { experimentKey } from "@/lib/client/experiments/keys";
import { applyExperimentChange } from "@/lib/client/stream/experiment-changes";
import { experimentCellUrl } from "@/lib/studio/api/gallery-urls";
import { ExperimentPage } from "./experiment-page";
import type { CellView, ExperimentView } from "./types";

/**
 * A done cell renders a link per result: the links rendered, by address, are the cells rendered.
 * Every other part of the page that needs the App Router is left out.
 */
const rendered = vi.hoisted(() => ({ links: [] as string[] }));
vi.mock("next/link", () => ({
  default: ({ href, children, ...rest }: { href: string; children?: ReactNode }) => {
    rendered.links.push(href);
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  },
}));
vi.mock("@/components/votes/vote-list", () => ({ VoteList: () => null }));
vi.mock("@/components/votes/vote-overlay", () => ({ VoteOverlay: () => null }));
vi.mock("@/components/votes/blind-vote-button", () => ({ BlindVoteButton: () => null }));
vi.mock("./rerun-dialog", () => ({ RerunDialog: () => null }));

const ID = "00000000-0000-4000-8000-000000000001";
const item = (key: string) => ({
  id: `item-${key}`,
  kind: "image" as const,
  url: `/media/${key}.png`,
  width: 64,
  height: 64,
  cost: null,
  seed: "1",
});
/** The cells drawn since the last look, as their keys. */
const cellsRendered = () => {
  const keys = rendered.links
    .filter((href) => href.includes("experiment="))
    .map((href) => /item\/item-([\d-]+)/.exec(href)?.[1]);
  rendered.links.length = 0;
  return keys;
};

function cell(key: string, status: CellView["status"]): CellView {
  return {
    key,
    coords: key.split("-").map(Number),
    status,
    params: {},
    errors: [],
    attempts: 1,
    taskUUID: `task-${key}`,
    seconds: status === "done" ? 1.2 : null,
    items: status === "done" ? [item(key)] : [],
  };
}

/** A rows x cols experiment, every cell done but `running`. */
function experiment(rows: number, cols: number, running: string): ExperimentView {
  const cells: CellView[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) cells.push(cell(`${r}-${c}`, `${r}-${c}` === running ? "sent" : "done"));
  const axis = (name: string, n: number, word: string) => {
    const labels = Array.from({ length: n }, (_, i) => `${word} ${i}`);
    return { name, labels, titles: labels, kind: "values" };
  };
  return {
    id: ID,
    name: "Foxes",
    taskType: "imageInference",
    status: "running",
    version: 1,
    parentId: null,
    createdBy: "u1",
    createdAt: new Date(0).toISOString(),
    concurrency: 4,
    base: {},
    axes: [axis("Prompt", rows, "a fox"), axis("Seed", cols, "seed")],
    cells,
    progress: {
      done: cells.length - 1,
      failed: 0,
      cancelled: 0,
      refused: 0,
      running: 1,
      total: cells.length,
    },
    versions: [],
  };
}

function open(view: ExperimentView) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(experimentKey(ID), view);
  render(
    <QueryClientProvider client={client}>
      <ExperimentPage id={ID} canRun />
    </QueryClientProvider>,
  );
  return client;
}

/** The live event of `key` finishing with one image, and what the page renders for it. */
async function finish(client: QueryClient, key: string) {
  const { coords: _coords, params: _params, ...patch } = cell(key, "done");
  await act(async () => {
    applyExperimentChange(client, { kind: "experiment", experimentId: ID, cells: [patch] });
    // The cells go in at the next frame, and the query cache tells its readers on the next task.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/** The next frame painted: a callback of the frame, then a task after it. */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Past the frames a zoom's scroll waits for the grid's extent (30, virtual-grid.tsx): happy-dom lays
 * nothing out, so every zoom's scroll waits them all and lands only then.
 */
async function scrollsLanded() {
  for (let i = 0; i < 35; i++) await act(painted);
}

/** Presses a zoom and waits for the grid to follow it, a frame after the press. */
async function zoom(size: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("radio", { name: size }));
  });
  await act(painted);
}

/** happy-dom lays nothing out: the large grid's frame is given a laptop's screenful to fill. */
function screenful() {
  const client = (name: "clientWidth" | "clientHeight", px: number) =>
    vi.spyOn(HTMLElement.prototype, name, "get").mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute("data-virtual") ? px : 0;
    });
  client("clientWidth", 1200);
  client("clientHeight", 700);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  rendered.links.length = 0;
});

describe("the experiment grid draws only what changed", () => {
  it("a cell finishing live renders that cell alone, not the other 35", async () => {
    const client = open(experiment(6, 6, "4-2"));
    expect(cellsRendered()).toHaveLength(35);
    await finish(client, "4-2");
    expect(cellsRendered()).toEqual(["4-2"]);
    expect(document.querySelector("[data-cell='4-2']")?.getAttribute("data-status")).toBe("done");
    expect(screen.getByRole("status", { name: "Progress" }).textContent).toBe("36 of 36 done");
  });

  it("a zoom press restyles the grid and renders none of its cells", async () => {
    open(experiment(6, 6, "4-2"));
    cellsRendered();
    await zoom("Small");
    expect(cellsRendered()).toEqual([]);
    const frame = document.querySelector<HTMLElement>("[data-compact]");
    expect(frame?.style.getPropertyValue("--cell-size")).toBe("128px");
    await zoom("Large");
    expect(cellsRendered()).toEqual([]);
    expect(document.querySelector("[data-compact]")).toBeNull();
  });

  it("a zoom press's own frame shows the control pressed; the grid takes the size after it", async () => {
    screenful();
    open(experiment(10, 10, "9-9"));
    await act(async () => {});
    const size = () =>
      document.querySelector<HTMLElement>("[data-virtual]")?.style.getPropertyValue("--cell-size");
    const drawn = () => document.querySelectorAll("[data-status]").length;
    const atMedium = drawn();
    await act(async () => {
      fireEvent.click(screen.getByRole("radio", { name: "Small" }));
    });
    // The press and everything React does for it: the control is pressed, the grid not yet redrawn.
    expect(screen.getByRole("radio", { name: "Small" }).getAttribute("data-state")).toBe("on");
    expect(size()).toBe("200px");
    expect(drawn()).toBe(atMedium);
    await act(painted);
    expect(size()).toBe("128px");
    expect(drawn()).toBeGreaterThan(atMedium);
  });

  it("picking a cell to compare, or pinning a column, renders the cells it changes", () => {
    open(experiment(6, 6, "4-2"));
    cellsRendered();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select cell 2-3 to compare" }));
    expect(cellsRendered()).toEqual(["2-3"]);
    fireEvent.click(screen.getByRole("button", { name: "Pin seed 5 as the reference" }));
    expect(cellsRendered().sort()).toEqual(Array.from({ length: 6 }, (_, r) => `${r}-5`).sort());
  });

  it("a 10x10 grid draws the cells its frame shows at each zoom, fewer as they grow", async () => {
    screenful();
    open(experiment(10, 10, "9-9"));
    await act(async () => {});
    const drawn = () => document.querySelectorAll("[data-status]").length;
    const at = async (size: string) => {
      await zoom(size);
      return drawn();
    };
    const small = await at("Small");
    const medium = await at("Medium");
    const large = await at("Large");
    // A 1200x700 frame: at 320 px a cell, a few rows and columns and the couple beyond each edge.
    expect(large).toBeLessThan(medium);
    expect(medium).toBeLessThan(small);
    expect(large).toBeLessThanOrEqual(6 * 6);
    expect(screen.getByRole("table", { name: "Experiment grid" }).getAttribute("aria-rowcount")).toBe("11");
  });

  it("a zoom draws only the cells in sight; those beyond each edge come once the grid is moved", async () => {
    screenful();
    open(experiment(10, 10, "9-9"));
    await act(async () => {});
    const drawn = () => document.querySelectorAll("[data-status]").length;
    await zoom("Large");
    const atZoom = drawn();
    const frame = document.querySelector("[data-virtual]");
    if (!frame) throw new Error("no grid frame");
    await act(async () => {
      fireEvent.wheel(frame);
    });
    expect(drawn()).toBeGreaterThan(atZoom);
    await zoom("Small");
    const small = drawn();
    await act(async () => {
      fireEvent.wheel(frame);
    });
    expect(drawn()).toBeGreaterThan(small);
    // The small zoom's scroll lands before the next zoom, so that zoom starts from one place.
    await scrollsLanded();
    // Back at a size the grid was moved at before: a zoom all the same, the cells in sight only.
    await zoom("Large");
    expect(drawn()).toBe(atZoom);
  });

  it("a zoom draws the cells at the place it keeps in sight, in the render that zooms", async () => {
    screenful();
    // A frame with room to scroll in, so the zoom's scroll lands where the render said.
    for (const name of ["scrollHeight", "scrollWidth"] as const)
      vi.spyOn(HTMLElement.prototype, name, "get").mockImplementation(function (this: HTMLElement) {
        return this.hasAttribute("data-virtual") ? 100_000 : 0;
      });
    open(experiment(10, 10, "9-9"));
    await act(async () => {});
    const frame = document.querySelector<HTMLElement>("[data-virtual]");
    if (!frame) throw new Error("no grid frame");
    // Scrolled down to the sixth row at the medium zoom, a 700 px frame: 6.7 rows down at its middle,
    // which the large zoom keeps there with rows 5 to 7 in sight.
    await act(async () => {
      frame.scrollTop = 36 + 8 + 5 * 208;
      fireEvent.scroll(frame);
    });
    const rowsDrawn = () =>
      [
        ...new Set(
          [...document.querySelectorAll<HTMLElement>("td[data-row]")].map((td) => Number(td.dataset.row)),
        ),
      ].sort((a, b) => a - b);
    expect(rowsDrawn()).toContain(5);
    await zoom("Large");
    expect(rowsDrawn()).toEqual([5, 6, 7]);
  });

  it("a large grid draws a window of its cells, and a live cell renders alone there too", async () => {
    screenful();
    const client = open(experiment(20, 20, "0-1"));
    await act(async () => {});
    const drawn = document.querySelectorAll("[data-status]").length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(400);
    expect(screen.getByRole("table", { name: "Experiment grid" }).getAttribute("aria-rowcount")).toBe("21");
    cellsRendered();
    await finish(client, "0-1");
    expect(cellsRendered()).toEqual(["0-1"]);
  });

  it("keeps the link of each result to the viewer with the experiment", () => {
    open(experiment(2, 2, "0-0"));
    expect(screen.getByRole("link", { name: "Open cell 1-1 in the viewer" }).getAttribute("href")).toBe(
      experimentCellUrl("item-1-1", ID),
    );
  });
});
