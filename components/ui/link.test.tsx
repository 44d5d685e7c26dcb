// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import Link from "./link";

// Next's link, reduced to what the studio's link decides: its prefetch setting and its handlers.
vi.mock("next/link", () => ({
  default: ({ prefetch, href, ...props }: ComponentProps<"a"> & { prefetch?: unknown; href: string }) => (
    <a href={href} data-prefetch={String(prefetch)} {...props} />
  ),
}));

afterEach(cleanup);

describe("the studio's link", () => {
  it("does not prefetch for being on screen", () => {
    render(<Link href="/gallery">Gallery</Link>);
    expect(screen.getByRole("link", { name: "Gallery" }).dataset.prefetch).toBe("false");
  });

  it("hands prefetching to Next once a pointer rests on it, and keeps the caller's handler", () => {
    const onMouseEnter = vi.fn();
    render(
      <Link href="/gallery" onMouseEnter={onMouseEnter}>
        Gallery
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Gallery" });
    fireEvent.mouseEnter(link);
    expect(link.dataset.prefetch).toBe("null");
    expect(onMouseEnter).toHaveBeenCalledOnce();
  });

  it("prefetches once focus reaches it, and on a touch", () => {
    render(
      <>
        <Link href="/create">Create</Link>
        <Link href="/settings">Settings</Link>
      </>,
    );
    const create = screen.getByRole("link", { name: "Create" });
    const settings = screen.getByRole("link", { name: "Settings" });
    fireEvent.focus(create);
    fireEvent.touchStart(settings);
    expect([create.dataset.prefetch, settings.dataset.prefetch]).toEqual(["null", "null"]);
  });

  it("never prefetches when told not to, even on a pointer", () => {
    render(
      <Link href="/api/items/1/download" prefetch={false}>
        Download
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Download" });
    fireEvent.mouseEnter(link);
    expect(link.dataset.prefetch).toBe("false");
  });
});
