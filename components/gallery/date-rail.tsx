"use client";

import {
  type KeyboardEvent,
  type PointerEvent,
  type MouseEvent as ReactMouseEvent,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { type GalleryMonth, monthLabel, monthName, yearLabelMonths } from "@/lib/studio/gallery/months";

/**
 * The date scrubber: the view's months along the grid's right edge, top to bottom in the list's
 * order, each as tall as its share of the items (with a floor, so a month of one item can still be
 * pointed at). Hovering or dragging shows the month and its count; releasing, or pressing a month
 * from the keyboard, jumps the grid there. The month on screen is marked as the grid scrolls.
 */
export function DateRail({
  months,
  current,
  onJump,
}: {
  /** In the list's order: newest first for the newest-first view, oldest first for oldest first. */
  months: GalleryMonth[];
  /** The month of the first item on screen. */
  current: string | undefined;
  onJump(month: string): void;
}) {
  const railRef = useRef<HTMLOListElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const height = useRailHeight(navRef);
  const yearLabels = useMemo(() => yearLabelMonths(months, height ?? 600), [months, height]);
  const [pointed, setPointed] = useState<string | null>(null);
  const dragging = useRef(false);

  // The month under a pointer's height, clamped to the rail's ends so a drag past them holds.
  const monthAt = useCallback((clientY: number): string | null => {
    const buttons = railRef.current?.querySelectorAll<HTMLElement>("[data-month]") ?? [];
    let last: string | null = null;
    for (const button of buttons) {
      const rect = button.getBoundingClientRect();
      last = button.dataset.month ?? null;
      if (clientY < rect.bottom) return last;
    }
    return last;
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLOListElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = true;
    setPointed(monthAt(event.clientY));
  };
  const onPointerMove = (event: PointerEvent<HTMLOListElement>) => setPointed(monthAt(event.clientY));
  const onPointerUp = (event: PointerEvent<HTMLOListElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    const month = monthAt(event.clientY);
    if (month) onJump(month);
  };
  const onPointerLeave = () => {
    if (!dragging.current) setPointed(null);
  };

  // The keyboard: one month in the tab order (the one on screen); arrows move between months.
  const focusable = months.some((m) => m.month === current) ? current : months[0]?.month;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = keyTarget(event.key, index, months.length);
    if (to === null) return;
    event.preventDefault();
    const month = months[Math.max(0, Math.min(months.length - 1, to))]?.month;
    railRef.current?.querySelector<HTMLElement>(`[data-month="${month}"]`)?.focus();
  };
  // A pointer's press is handled on release above (so a drag jumps once, where it ends); a press
  // from the keyboard arrives as a click with no pointer.
  const onClick = (event: ReactMouseEvent, month: string) => {
    if (event.detail === 0) onJump(month);
  };

  const shown = months.find((m) => m.month === pointed);
  return (
    <nav
      ref={navRef}
      aria-label="Jump to a month"
      className="sticky top-16 w-14 shrink-0"
      style={{ height: height ?? undefined }}
    >
      <div className="relative flex h-full flex-col">
        {/* The track the months hang on. */}
        <span
          aria-hidden
          className="pointer-events-none absolute top-0 right-[3px] bottom-5 w-px bg-border"
        />
        <ol
          ref={railRef}
          data-testid="date-rail"
          className="flex min-h-0 flex-1 cursor-row-resize touch-none select-none flex-col"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            dragging.current = false;
            setPointed(null);
          }}
          onPointerLeave={onPointerLeave}
        >
          {months.map((entry, index) => {
            const year = yearLabels.has(entry.month) ? entry.month.slice(0, 4) : null;
            const isCurrent = entry.month === current;
            return (
              <li
                key={entry.month}
                className="flex min-h-[3px] flex-col"
                style={{ flex: `${entry.count} 1 0px` }}
              >
                <button
                  type="button"
                  data-month={entry.month}
                  aria-label={monthLabel(entry)}
                  aria-current={isCurrent ? "true" : undefined}
                  tabIndex={entry.month === focusable ? 0 : -1}
                  onClick={(event) => onClick(event, entry.month)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  onFocus={() => setPointed(entry.month)}
                  onBlur={() => setPointed(null)}
                  className={cn(
                    "relative flex min-h-[3px] w-full flex-1 cursor-row-resize items-start justify-end rounded-sm",
                    focusRing,
                  )}
                >
                  <MonthMark year={year} isCurrent={isCurrent} />
                </button>
              </li>
            );
          })}
        </ol>
        <p className="pt-1 text-right text-[10px] text-muted" title="Months are counted by the UTC date">
          UTC
        </p>
        {shown ? <Bubble rail={railRef.current} entry={shown} /> : null}
      </div>
    </nav>
  );
}

/** The month index a key moves the focus to, or null for a key the rail does not take. */
function keyTarget(key: string, index: number, count: number): number | null {
  if (key === "ArrowDown") return index + 1;
  if (key === "ArrowUp") return index - 1;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** A month's tick on the rail, its year above the first month shown of a year, and the current month's bar. */
function MonthMark({ year, isCurrent }: { year: string | null; isCurrent: boolean }) {
  return (
    <>
      {year ? (
        <span
          aria-hidden
          className={cn(
            "pointer-events-none absolute top-0 right-3 z-10 rounded px-1 font-medium text-[11px] tabular-nums leading-4",
            isCurrent ? "text-accent-fg" : "text-muted",
          )}
        >
          {year}
        </span>
      ) : null}
      <span
        aria-hidden
        className={cn(
          "pointer-events-none mt-px h-[2px] rounded-full",
          isCurrent ? "w-full bg-accent" : "w-2 bg-border-strong",
        )}
      />
      {isCurrent ? (
        <span
          aria-hidden
          className="pointer-events-none absolute top-0 right-[2px] bottom-0 w-[3px] rounded-full bg-accent"
        />
      ) : null}
    </>
  );
}

/** Where the app's sticky header ends (3.5rem) and a little air below the rail. */
const HEADER = 64;
const BOTTOM_AIR = 24;

/**
 * The rail's height: from its top (or the header's edge, once the page scrolled under it) to the
 * window's bottom, so every month fits on screen at any scroll position.
 */
function useRailHeight(navRef: React.RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const row = navRef.current?.parentElement;
      if (!row) return;
      const top = Math.max(row.getBoundingClientRect().top, HEADER);
      setHeight(Math.max(160, Math.round(window.innerHeight - top - BOTTOM_AIR)));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [navRef]);
  return height;
}

/** The pointed month's name and count, beside the rail at its height. */
function Bubble({ rail, entry }: { rail: HTMLOListElement | null; entry: GalleryMonth }) {
  const button = rail?.querySelector<HTMLElement>(`[data-month="${entry.month}"]`);
  const top = button ? button.offsetTop + button.offsetHeight / 2 : 0;
  return (
    <div
      data-testid="date-rail-bubble"
      aria-hidden
      className="pointer-events-none absolute right-full z-20 mr-2 -translate-y-1/2 whitespace-nowrap rounded-lg border border-border bg-panel-raised px-2.5 py-1 text-[12px] shadow-panel"
      style={{ top }}
    >
      <span className="font-medium text-foreground">{monthName(entry.month)}</span>
      <span className="text-muted"> · {entry.count.toLocaleString("en-US")}</span>
    </div>
  );
}
