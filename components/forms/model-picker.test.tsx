// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModelInfo } from "@/lib/client/create/tools";
import { ModelPicker } from "./model-picker";

const model = (air: string, name: string): ModelInfo => ({
  air,
  name,
  version: "1",
  category: "checkpoint",
  architecture: "sdxl",
  tags: [],
});
const FIRST = [
  model("civitai:1@1", "Harbour"),
  model("civitai:2@1", "Lantern"),
  model("civitai:3@1", "Meadow"),
];
/** What the search for "la" answers: another order, the model pressed no longer where it was. */
const SEARCHED = [
  model("civitai:4@1", "Lagoon"),
  model("civitai:5@1", "Larch"),
  model("civitai:2@1", "Lantern"),
];

/** The service's search: the empty one at once, the typed one when `answer` is called. */
function serveSearches() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { search?: string };
      if (body.search) await answered;
      const results = body.search ? SEARCHED : FIRST;
      return new Response(JSON.stringify({ data: { results, totalResults: results.length } }), {
        status: 200,
      });
    }),
  );
  return { answer: () => act(async () => answer()) };
}

function renderPicker() {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ModelPicker id="model" value="" onChange={onChange} category="checkpoint" />
    </QueryClientProvider>,
  );
  return onChange;
}

async function openList() {
  fireEvent.click(screen.getByRole("button"));
  await waitFor(() => expect(screen.getAllByRole("option").length).toBe(FIRST.length));
}

const option = (name: string) => screen.getByRole("option", { name: new RegExp(name) });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the model picker", () => {
  it("chooses the model pressed when the search reorders the list before the press is let go", async () => {
    const service = serveSearches();
    const onChange = renderPicker();
    await openList();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "la" } });
    // The earlier answer stays on screen while the search is asked; the person presses Lantern.
    fireEvent.mouseDown(option("Lantern"), { button: 0 });
    await service.answer();
    await waitFor(() => expect(screen.getAllByRole("option")[0]?.textContent).toContain("Lagoon"));
    // Let go where Lagoon now is: the browser makes no click of a press and release on two options.
    fireEvent.mouseUp(option("Lagoon"), { button: 0 });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toBe("civitai:2@1");
  });

  it("chooses once for a press and release on one option, its click included", async () => {
    serveSearches();
    const onChange = renderPicker();
    await openList();
    const meadow = option("Meadow");
    fireEvent.mouseDown(meadow, { button: 0 });
    fireEvent.mouseUp(meadow, { button: 0 });
    fireEvent.click(meadow, { button: 0, detail: 1 });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toBe("civitai:3@1");
  });

  it("lets go of a press taken out of the list, and of a press with another button", async () => {
    serveSearches();
    const onChange = renderPicker();
    await openList();
    const list = screen.getByRole("listbox");
    fireEvent.mouseDown(option("Meadow"), { button: 0 });
    fireEvent.mouseLeave(list);
    fireEvent.mouseUp(list, { button: 0 });
    fireEvent.mouseDown(option("Harbour"), { button: 2 });
    fireEvent.mouseUp(option("Harbour"), { button: 2 });
    expect(onChange).not.toHaveBeenCalled();
  });

  it("chooses on a click no pointer made, as a screen reader's", async () => {
    serveSearches();
    const onChange = renderPicker();
    await openList();
    fireEvent.click(option("Harbour"), { detail: 0 });
    expect(onChange.mock.calls[0]?.[0]).toBe("civitai:1@1");
  });
});
