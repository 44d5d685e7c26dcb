"use client";

import { Brush, Contrast, Eraser, Hand, Maximize, Redo2, Trash, Undo2, ZoomIn, ZoomOut } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { type PainterAction, SHORTCUT_HINTS } from "@/lib/client/canvas/mask-shortcuts";
import { BrushSizeControl } from "./mask-painter-brush-size";

export type PainterTool = "brush" | "eraser" | "hand";

type ToolButtonProps = Omit<ComponentProps<"button">, "aria-label" | "title"> & {
  label: string;
  shortcut?: string;
  icon: ReactNode;
};

/** A square icon button whose name is its label and whose tooltip also teaches its shortcut. */
function ToolButton({ label, shortcut, icon, className, ...props }: ToolButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      className={cn(
        "grid size-8 shrink-0 place-items-center rounded-control text-muted transition-colors [&_svg]:size-4",
        "hover:bg-panel-hover hover:text-foreground disabled:pointer-events-none disabled:opacity-40",
        "aria-pressed:bg-accent-strong/25 aria-pressed:text-accent-fg aria-pressed:ring-1 aria-pressed:ring-accent/50",
        focusRing,
        className,
      )}
      {...props}
    >
      {icon}
    </button>
  );
}

function Divider() {
  return <span aria-hidden className="mx-1 h-5 w-px shrink-0 bg-border-strong" />;
}

export interface MaskPainterToolbarProps {
  /** The painter's own id, to give the size field a unique id. */
  idPrefix: string;
  tool: PainterTool;
  brushSize: number;
  zoom: number;
  canUndo: boolean;
  canRedo: boolean;
  empty: boolean;
  onTool(tool: PainterTool): void;
  onBrushSize(size: number): void;
  onAction(action: PainterAction): void;
}

const TOOLS: Array<{ tool: PainterTool; label: string; icon: ReactNode }> = [
  { tool: "brush", label: "Brush", icon: <Brush aria-hidden /> },
  { tool: "eraser", label: "Eraser", icon: <Eraser aria-hidden /> },
  { tool: "hand", label: "Pan", icon: <Hand aria-hidden /> },
];

/** The painter's controls: tools, brush size, history and mask edits, then zoom. */
export function MaskPainterToolbar(props: MaskPainterToolbarProps) {
  const { idPrefix, tool, brushSize, zoom, canUndo, canRedo, empty, onTool, onBrushSize, onAction } = props;
  return (
    <div className="flex flex-wrap items-center gap-1 border-border border-b bg-panel-raised px-2 py-1.5">
      <fieldset className="flex items-center gap-1" aria-label="Tool">
        {TOOLS.map((item) => (
          <ToolButton
            key={item.tool}
            label={item.label}
            shortcut={SHORTCUT_HINTS[item.tool]}
            icon={item.icon}
            aria-pressed={tool === item.tool}
            onClick={() => onTool(item.tool)}
          />
        ))}
      </fieldset>
      <Divider />
      <BrushSizeControl id={`${idPrefix}-brush-size`} size={brushSize} onSize={onBrushSize} />
      <Divider />
      <ToolButton
        label="Undo"
        shortcut={SHORTCUT_HINTS.undo}
        icon={<Undo2 aria-hidden />}
        disabled={!canUndo}
        onClick={() => onAction("undo")}
      />
      <ToolButton
        label="Redo"
        shortcut={`${SHORTCUT_HINTS.redo} or Ctrl+Y`}
        icon={<Redo2 aria-hidden />}
        disabled={!canRedo}
        onClick={() => onAction("redo")}
      />
      <ToolButton
        label="Invert mask"
        shortcut={SHORTCUT_HINTS.invert}
        icon={<Contrast aria-hidden />}
        onClick={() => onAction("invert")}
      />
      <ToolButton
        label="Clear mask"
        shortcut={SHORTCUT_HINTS.clear}
        icon={<Trash aria-hidden />}
        disabled={empty}
        onClick={() => onAction("clear")}
      />
      <div className="ml-auto flex items-center gap-1">
        <ToolButton
          label="Zoom out"
          shortcut={SHORTCUT_HINTS["zoom-out"]}
          icon={<ZoomOut aria-hidden />}
          onClick={() => onAction("zoom-out")}
        />
        <output
          className="w-12 text-center text-[12px] text-muted tabular-nums"
          aria-label="Zoom level"
          aria-live="off"
        >
          {Math.round(zoom * 100)}%
        </output>
        <ToolButton
          label="Zoom in"
          shortcut={SHORTCUT_HINTS["zoom-in"]}
          icon={<ZoomIn aria-hidden />}
          onClick={() => onAction("zoom-in")}
        />
        <ToolButton
          label="Fit to view"
          shortcut={SHORTCUT_HINTS.fit}
          icon={<Maximize aria-hidden />}
          onClick={() => onAction("fit")}
        />
      </div>
    </div>
  );
}
