"use client";

import type { KeyboardEvent, PointerEvent } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { OUTPAINT_SIDE_MIN, type OutpaintSide } from "@/lib/client/canvas/outpaint";

/** Pointer callbacks shared by every handle; the canvas owns the drag. */
export interface HandleDrag {
  start(event: PointerEvent<HTMLElement>, sides: readonly OutpaintSide[]): void;
  move(event: PointerEvent<HTMLElement>): void;
  end(event: PointerEvent<HTMLElement>): void;
}

const SIDE_CURSOR: Record<OutpaintSide, string> = {
  top: "cursor-ns-resize",
  bottom: "cursor-ns-resize",
  left: "cursor-ew-resize",
  right: "cursor-ew-resize",
};

/** Places a handle's centre on a point of the stage (CSS pixels from its top-left corner). */
const at = (x: number, y: number) => ({ left: x, top: y });

function dragProps(drag: HandleDrag, sides: readonly OutpaintSide[]) {
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => drag.start(event, sides),
    onPointerMove: drag.move,
    onPointerUp: drag.end,
    onPointerCancel: drag.end,
    onLostPointerCapture: drag.end,
  };
}

interface SideHandleProps {
  side: OutpaintSide;
  x: number;
  y: number;
  value: number;
  max: number;
  dragging: boolean;
  drag: HandleDrag;
  onKey(side: OutpaintSide, event: KeyboardEvent<HTMLElement>): void;
}

/**
 * The handle in the middle of one side: a slider over that side's extension, dragged with a
 * pointer or moved with the arrow keys (see `keyMove`).
 */
export function OutpaintSideHandle({ side, x, y, value, max, dragging, drag, onKey }: SideHandleProps) {
  const vertical = side === "top" || side === "bottom";
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={`Extend ${side}`}
      aria-valuenow={value}
      aria-valuemin={OUTPAINT_SIDE_MIN}
      aria-valuemax={max}
      aria-valuetext={`${value} px`}
      aria-orientation={vertical ? "vertical" : "horizontal"}
      data-testid={`outpaint-handle-${side}`}
      data-dragging={dragging || undefined}
      style={at(x, y)}
      className={cn(
        "group absolute z-20 flex size-8 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full",
        SIDE_CURSOR[side],
        focusRing,
      )}
      onKeyDown={(event) => onKey(side, event)}
      {...dragProps(drag, [side])}
    >
      <span
        aria-hidden
        className={cn(
          "rounded-full bg-foreground shadow-[0_0_0_1px_rgb(0_0_0/0.55),0_2px_6px_rgb(0_0_0/0.5)] transition-colors",
          "group-hover:bg-accent-fg group-focus-visible:bg-accent-fg group-data-dragging:bg-accent-fg",
          vertical ? "h-1.5 w-7" : "h-7 w-1.5",
        )}
      />
    </div>
  );
}

const CORNER_CURSOR = {
  "top-left": "cursor-nwse-resize",
  "bottom-right": "cursor-nwse-resize",
  "top-right": "cursor-nesw-resize",
  "bottom-left": "cursor-nesw-resize",
} as const;

interface CornerHandleProps {
  vertical: "top" | "bottom";
  horizontal: "left" | "right";
  x: number;
  y: number;
  dragging: boolean;
  drag: HandleDrag;
}

/**
 * A corner moves its two sides at once. It is a pointer shortcut only: the two side handles
 * already give keyboard and screen-reader users the same control, and a single slider value
 * cannot describe two sides.
 */
export function OutpaintCornerHandle({ vertical, horizontal, x, y, dragging, drag }: CornerHandleProps) {
  const corner = `${vertical}-${horizontal}` as const;
  return (
    <div
      aria-hidden
      data-testid={`outpaint-handle-${corner}`}
      data-dragging={dragging || undefined}
      style={at(x, y)}
      className={cn(
        "group absolute z-10 flex size-6 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center",
        CORNER_CURSOR[corner],
      )}
      {...dragProps(drag, [vertical, horizontal])}
    >
      <span
        className={cn(
          "size-2.5 rounded-[3px] border-2 border-foreground bg-surface shadow-[0_0_0_1px_rgb(0_0_0/0.55)] transition-colors",
          "group-hover:border-accent-fg group-data-dragging:border-accent-fg",
        )}
      />
    </div>
  );
}
