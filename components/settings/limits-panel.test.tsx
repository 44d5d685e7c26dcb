// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import { LimitsPanel } from "./limits-panel";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("keeps a figure the owner is changing when the limits are read again, and fills in the others", async () => {
  let served: Record<string, number> = { ...DEFAULT_STUDIO_LIMITS };
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ data: served }), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LimitsPanel />
    </QueryClientProvider>,
  );
  const cells = (await screen.findByLabelText("Cells in one experiment")) as HTMLInputElement;
  await waitFor(() => expect(cells.value).toBe(String(DEFAULT_STUDIO_LIMITS.maxExperimentCells)));
  fireEvent.change(cells, { target: { value: "144" } });

  // Another owner saved other figures meanwhile; the page reads the limits again.
  served = { ...served, tasksPerRequest: DEFAULT_STUDIO_LIMITS.tasksPerRequest + 1 };
  await act(() => client.refetchQueries());
  const tasks = screen.getByLabelText("Tasks in one request") as HTMLInputElement;
  await waitFor(() => expect(tasks.value).toBe(String(DEFAULT_STUDIO_LIMITS.tasksPerRequest + 1)));
  expect(cells.value).toBe("144");
  expect((screen.getByRole("button", { name: "Save limits" }) as HTMLButtonElement).disabled).toBe(false);
});
