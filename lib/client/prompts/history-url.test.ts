// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePromptHistoryAddress } from "./history-url";

vi.mock("next/navigation", () => ({
  usePathname: () => "/prompts",
  useSearchParams: () => new URLSearchParams(window.location.search),
}));

describe("the prompt history's address", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, "", "/prompts");
  });
  afterEach(() => vi.useRealTimers());

  it("writes the search after a pause in typing", () => {
    const { result } = renderHook(() => usePromptHistoryAddress());
    act(() => result.current.setTyped("red fox"));
    expect(window.location.search).toBe("");
    act(() => void vi.advanceTimersByTime(300));
    expect(new URLSearchParams(window.location.search).get("q")).toBe("red fox");
  });

  it("writes a waiting search at once when something is pressed, before the press is handled", () => {
    const { result } = renderHook(() => usePromptHistoryAddress());
    act(() => result.current.setTyped("red"));
    act(() => result.current.setTyped("red kite"));
    const link = document.createElement("a");
    link.href = "/gallery";
    document.body.append(link);
    let seen: string | null = "";
    link.addEventListener("click", (event) => {
      event.preventDefault();
      seen = new URLSearchParams(window.location.search).get("q");
    });
    act(() => link.click());
    link.remove();
    expect(seen).toBe("red kite");
    // Nothing is left to write later, over whatever the press led to.
    window.history.replaceState(null, "", "/gallery");
    act(() => void vi.advanceTimersByTime(300));
    expect(window.location.pathname).toBe("/gallery");
  });

  it("keeps a member chosen before the typed search is written", () => {
    const { result, rerender } = renderHook(() => usePromptHistoryAddress());
    act(() => result.current.setTyped("heron"));
    act(() => result.current.setMember("all"));
    rerender();
    act(() => void vi.advanceTimersByTime(300));
    rerender();
    const address = new URLSearchParams(window.location.search);
    expect(address.get("member")).toBe("all");
    expect(address.get("q")).toBe("heron");
    expect(result.current.member).toBe("all");
  });

  it("keeps a member chosen while typing goes on", () => {
    const { result, rerender } = renderHook(() => usePromptHistoryAddress());
    act(() => result.current.setMember("all"));
    rerender();
    act(() => result.current.setTyped("marsh"));
    act(() => void vi.advanceTimersByTime(300));
    rerender();
    expect(new URLSearchParams(window.location.search).get("member")).toBe("all");
  });
});
