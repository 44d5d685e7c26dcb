"use client";

import { ArrowDown } from "lucide-react";
import { createContext, type RefObject, useContext, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cn, focusRing } from "@/components/ui/cn";

/**
 * A place under the results column for the button, given by the page. There it takes its own
 * room instead of floating over the canvas and its fields; without one (or on narrow screens,
 * where the page itself scrolls) it floats at the bottom of the screen.
 */
export const NewResultsSlot = createContext<HTMLElement | null>(null);

/**
 * Results that complete while the result list is out of sight (below a tall canvas, or scrolled
 * past) are announced by a button that brings the list into view.
 */
export function NewResultsPill({ target, count }: { target: RefObject<HTMLElement | null>; count: number }) {
  const [inView, setInView] = useState(true);
  const [centre, setCentre] = useState<number | null>(null);
  const seen = useRef(count);
  const slot = useContext(NewResultsSlot);

  useEffect(() => {
    const el = target.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    // The list counts as seen once it reaches 160 px above the bottom of the screen, where a
    // result's first row shows, not when only its heading peeks in.
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true), {
      rootMargin: "0px 0px -160px 0px",
    });
    observer.observe(el);
    // Centred under the result list's column, so it covers the canvas's middle, not a field.
    const place = () => {
      const box = el.getBoundingClientRect();
      setCentre(box.left + box.width / 2);
    };
    place();
    window.addEventListener("resize", place);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", place);
    };
  }, [target]);

  // What is on screen counts as seen; a cleared list starts again from zero.
  if (inView || count < seen.current) seen.current = count;
  const unseen = count - seen.current;
  if (inView || unseen <= 0) return null;

  const button = (
    <button
      type="button"
      onClick={() => target.current?.scrollIntoView({ behavior: "smooth", block: "start" })}
      style={centre === null ? undefined : { left: centre }}
      className={cn(
        "fixed bottom-6 z-40 -translate-x-1/2",
        centre === null && "right-8 translate-x-0",
        slot && "lg:static lg:translate-x-0",
        "inline-flex items-center gap-2 rounded-full border border-accent/50 bg-panel-raised px-4 py-2",
        "font-medium text-[13px] text-foreground shadow-glow transition-colors hover:bg-panel-hover",
        focusRing,
      )}
    >
      <ArrowDown aria-hidden className="size-4 text-accent-fg" />
      {unseen === 1 ? "1 new result" : `${unseen} new results`}
    </button>
  );
  return slot ? createPortal(button, slot) : button;
}
