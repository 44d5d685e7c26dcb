// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoopingVideo } from "./looping-video";

/** The person's motion setting, as `window.matchMedia` answers it. */
function askLessMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: reduce && query === "(prefers-reduced-motion: reduce)",
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

let playing: Set<HTMLMediaElement>;

beforeEach(() => {
  playing = new Set();
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderInButton() {
  render(
    <button type="button" aria-label="Candidate">
      <LoopingVideo src="/media/clip.mp4" aria-label="clip" />
    </button>,
  );
  return { button: screen.getByRole("button", { name: "Candidate" }), video: screen.getByLabelText("clip") };
}

describe("a looping clip", () => {
  it("plays muted on a loop by itself for a person who did not ask for less motion", () => {
    askLessMotion(false);
    const { video } = renderInButton();
    expect(playing.has(video as HTMLMediaElement)).toBe(true);
    expect((video as HTMLVideoElement).muted).toBe(true);
    expect(video.hasAttribute("loop")).toBe(true);
    expect(video.dataset.motion).toBe("loops");
  });

  it("holds its first frame for a person who asked for less motion", () => {
    askLessMotion(true);
    const { video } = renderInButton();
    expect(playing.has(video as HTMLMediaElement)).toBe(false);
    expect(video.hasAttribute("autoplay")).toBe(false);
    expect(video.getAttribute("preload")).toBe("metadata");
    expect(video.dataset.motion).toBe("on-request");
  });

  it("then plays while pointed at or while its button has focus, and stops when left", () => {
    askLessMotion(true);
    const { button, video } = renderInButton();
    const media = video as HTMLMediaElement;
    fireEvent.pointerEnter(button);
    expect(playing.has(media)).toBe(true);
    fireEvent.pointerLeave(button);
    expect(playing.has(media)).toBe(false);
    fireEvent.focusIn(button);
    expect(playing.has(media)).toBe(true);
    fireEvent.focusOut(button);
    expect(playing.has(media)).toBe(false);
  });

  it("standing alone, answers the pointer on itself", () => {
    askLessMotion(true);
    render(<LoopingVideo src="/media/clip.mp4" aria-label="clip" />);
    const video = screen.getByLabelText("clip") as HTMLMediaElement;
    fireEvent.pointerEnter(video);
    expect(playing.has(video)).toBe(true);
    fireEvent.pointerLeave(video);
    expect(playing.has(video)).toBe(false);
  });
});
