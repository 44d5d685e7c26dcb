"use client";

import { FlaskConical, LoaderCircle } from "lucide-react";
import { useCallback, useState } from "react";
import { VaryDialog } from "@/components/experiments/vary-dialog";
import { Button } from "@/components/ui/button";
import { prepareCanvasTask } from "@/lib/client/canvas/canvas-prepare";

/**
 * "Vary…", as the Create forms offer it: the task the canvas would send now (its seed under the
 * frame uploaded, its masks and guides drawn) opened as an experiment's grid to vary.
 */
export function CanvasVaryButton({ disabled, onError }: { disabled: boolean; onError(error: string): void }) {
  const [task, setTask] = useState<Record<string, unknown> | null>(null);
  const [open, setOpen] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const current = useCallback(() => task ?? {}, [task]);

  const prepare = async () => {
    setPreparing(true);
    try {
      const prepared = await prepareCanvasTask();
      if (!prepared.ok) {
        onError(prepared.error);
        return;
      }
      setTask(prepared.task);
      setOpen(true);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void prepare()}
        disabled={disabled || preparing}
        title="Run what the canvas would send as a grid of variations"
      >
        {preparing ? <LoaderCircle aria-hidden className="animate-spin" /> : <FlaskConical aria-hidden />}
        Vary…
      </Button>
      {task ? (
        <VaryDialog
          open={open}
          onOpenChange={setOpen}
          task={current}
          description="Run what the canvas would send now as a grid: choose up to three things to vary. Every value is checked before anything runs."
        />
      ) : null}
    </>
  );
}
