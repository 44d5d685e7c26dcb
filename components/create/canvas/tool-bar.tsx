"use client";

import { Brush, Eraser, Hand, Lasso, Maximize, PaintBucket, Redo2, Undo2, WandSparkles } from "lucide-react";
import type { ComponentType } from "react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { Slider } from "@/components/ui/slider";
import type { CanvasTool } from "@/lib/client/canvas/canvas-persist";
import { isSizedTool, useCanRedo, useCanUndo, useCanvasStore } from "@/lib/client/canvas/canvas-store";

const TOOLS: readonly {
  tool: CanvasTool;
  label: string;
  key: string;
  Icon: ComponentType<{ "aria-hidden": boolean }>;
}[] = [
  { tool: "move", label: "Move", key: "V", Icon: Hand },
  { tool: "brush", label: "Brush", key: "B", Icon: Brush },
  { tool: "eraser", label: "Eraser", key: "E", Icon: Eraser },
  { tool: "restore", label: "Erase to original", key: "R", Icon: WandSparkles },
  { tool: "fill", label: "Bucket fill", key: "G", Icon: PaintBucket },
  { tool: "lasso", label: "Lasso", key: "L", Icon: Lasso },
];

const BAR =
  "pointer-events-auto flex flex-nowrap items-center gap-0.5 rounded-panel border border-border-strong bg-panel/95 p-1.5 shadow-panel";

/**
 * The bars over the stage: the tools on the left (each painting tool keeps its own size), undo,
 * redo and fit on the right. Where the stage is too narrow for both on one line (1280 wide, with
 * the form and layers beside it), the second goes under the first, at the right.
 */
export function ToolBar({ onFit }: { onFit(): void }) {
  return (
    <div className="flex w-full flex-wrap items-start justify-between gap-2">
      <Tools />
      <History onFit={onFit} />
    </div>
  );
}

function Tools() {
  const tool = useCanvasStore((s) => s.tool);
  const sizes = useCanvasStore((s) => s.sizes);
  const { setTool, setSize } = useCanvasStore.getState();
  return (
    <div role="toolbar" aria-label="Canvas tools" className={cn(BAR, "max-w-full overflow-x-auto")}>
      {TOOLS.map(({ tool: t, label, key, Icon }) => (
        <button
          key={t}
          type="button"
          aria-pressed={tool === t}
          aria-label={label}
          title={`${label} (${key})`}
          onClick={() => setTool(t)}
          className={cn(
            "grid size-7 shrink-0 place-items-center rounded-control text-muted hover:bg-panel-hover hover:text-foreground [&_svg]:size-4",
            tool === t && "bg-accent/15 text-accent-fg",
            focusRing,
          )}
        >
          <Icon aria-hidden />
        </button>
      ))}
      {isSizedTool(tool) ? (
        <div className="flex w-28 shrink-0 items-center gap-1.5 px-1.5">
          <Slider
            label={`${TOOLS.find((t) => t.tool === tool)?.label} size`}
            min={1}
            max={256}
            step={1}
            value={sizes[tool]}
            onChange={(size) => setSize(tool, size)}
          />
          <span className="w-9 text-right font-mono text-[11px] text-muted tabular-nums">
            {sizes[tool]}px
          </span>
        </div>
      ) : null}
      {tool === "fill" || tool === "lasso" ? (
        <span className="shrink-0 whitespace-nowrap px-1.5 text-[11px] text-muted">Alt+click erases</span>
      ) : null}
    </div>
  );
}

function History({ onFit }: { onFit(): void }) {
  const { undo, redo } = useCanvasStore.getState();
  const canUndo = useCanUndo();
  const canRedo = useCanRedo();
  return (
    <div role="toolbar" aria-label="History and view" className={cn(BAR, "ml-auto")}>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Undo"
        title="Undo (Ctrl+Z)"
        disabled={!canUndo}
        onClick={undo}
      >
        <Undo2 aria-hidden />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Redo"
        title="Redo (Ctrl+Shift+Z)"
        disabled={!canRedo}
        onClick={redo}
      >
        <Redo2 aria-hidden />
      </Button>
      <Button size="sm" variant="ghost" aria-label="Fit in view" title="Fit in view (F)" onClick={onFit}>
        <Maximize aria-hidden />
      </Button>
    </div>
  );
}
