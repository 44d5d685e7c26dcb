// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GalleryFilter } from "@/lib/studio/gallery/filter";
import { FilterBar } from "./filter-bar";

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });
const facets = {
  workflows: [{ workflow: "text-to-image", count: 3 }],
  models: [{ id: "runware:101@1", name: "FLUX.1 Dev", count: 3 }],
  loras: [],
  authors: [{ id: "u1", name: "Ada", count: 3 }],
  tags: [{ tag: "fox", count: 2 }],
};

function renderBar(filter: GalleryFilter = {}) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes("facets") ? json(facets) : json({ boards: [{ id: "b1", name: "Picks" }] }),
    ),
  );
  const update = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FilterBar filter={filter} update={update} ready viewControls={null} />
    </QueryClientProvider>,
  );
  return update;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

describe("the gallery's filter bar", () => {
  it("folds its menus behind Filters, which opens them with the values the gallery holds", async () => {
    renderBar();
    const toggle = screen.getByRole("button", { name: "Filters" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(screen.getByText("Ada (3)")).toBeTruthy());
    expect(screen.getByText("Picks")).toBeTruthy();
  });

  it("opens the menus when a link filters by one, and counts what is set on Filters", () => {
    renderBar({ kind: "video", tag: "fox" });
    const toggle = screen.getByRole("button", { name: /Filters/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toContain("· 2");
  });

  it("puts each menu's choice into the filter, and an emptied one out of it", () => {
    const update = renderBar({ kind: "image" });
    fireEvent.change(screen.getByLabelText("Media"), { target: { value: "video" } });
    expect(update).toHaveBeenLastCalledWith({ kind: "video" });
    fireEvent.change(screen.getByLabelText("Media"), { target: { value: "" } });
    expect(update).toHaveBeenLastCalledWith({ kind: undefined });
    fireEvent.change(screen.getByLabelText("Rating"), { target: { value: "4" } });
    expect(update).toHaveBeenLastCalledWith({ rating: 4 });
  });

  it("searches once typing settles, or at once on Enter", () => {
    vi.useFakeTimers();
    const update = renderBar();
    const box = screen.getByLabelText("Search prompts");
    fireEvent.change(box, { target: { value: "fox" } });
    expect(update).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(update).toHaveBeenLastCalledWith({ q: "fox" });
    fireEvent.change(box, { target: { value: "fox -snow" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(update).toHaveBeenLastCalledWith({ q: "fox -snow" });
  });

  it("stars and orders the view", () => {
    const update = renderBar();
    fireEvent.click(screen.getByRole("button", { name: "Starred" }));
    expect(update).toHaveBeenLastCalledWith({ starred: true });
    fireEvent.change(screen.getByLabelText("Order"), { target: { value: "newest" } });
    expect(update).toHaveBeenLastCalledWith({ sort: undefined });
  });
});
