"use client";

import { type RefObject, useEffect, useLayoutEffect, useState } from "react";
import type { Size } from "@/lib/client/canvas/outpaint";

/**
 * The content size of an element, kept current with a ResizeObserver. The first size is read in
 * a layout effect so the frame is fitted before the first paint rather than popping in.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) =>
      setSize((prev) => (prev.width === width && prev.height === height ? prev : { width, height }));
    update(element.clientWidth, element.clientHeight);
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) update(box.width, box.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export type LoadedImage =
  | { status: "loading"; image: null }
  | { status: "ready"; image: HTMLImageElement }
  | { status: "failed"; image: null };

/** The seed image decoded for drawing on a canvas; a new URL starts over. */
export function useLoadedImage(url: string): LoadedImage {
  const [state, setState] = useState<{ url: string; loaded: LoadedImage }>({
    url,
    loaded: { status: "loading", image: null },
  });
  useEffect(() => {
    let live = true;
    const image = new Image();
    image.decoding = "async";
    image.onload = () => {
      if (live) setState({ url, loaded: { status: "ready", image } });
    };
    image.onerror = () => {
      if (live) setState({ url, loaded: { status: "failed", image: null } });
    };
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  return state.url === url ? state.loaded : { status: "loading", image: null };
}
