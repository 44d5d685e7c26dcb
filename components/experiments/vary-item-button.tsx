"use client";

import { useQueryClient } from "@tanstack/react-query";
import { FlaskConical, LoaderCircle } from "lucide-react";
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { restoreMedia } from "@/lib/client/create/recall-media";
import { recallMediaDeps } from "@/lib/client/create/recall-media-deps";
import { recallTaskQuery } from "@/lib/client/create/recall-prefetch";
import { VaryDialog } from "./vary-dialog";

/**
 * "Vary…" on a gallery item: the same dialog as the Create pages, over the task that made the
 * item, as "Open in Create" would recall it (its media made usable again, the item's own seed,
 * one result per cell).
 */
export function VaryItemButton({ item }: { item: { taskUUID: string; seed: string | null } }) {
  const client = useQueryClient();
  const [base, setBase] = useState<Record<string, unknown> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    setLoading(true);
    setProblem(null);
    try {
      const task = await client.fetchQuery(recallTaskQuery(item.taskUUID));
      const { params } = await restoreMedia(task.params, recallMediaDeps(client));
      const { taskUUID: _drop, ...rest } = params;
      const seed = item.seed != null && item.seed !== "" ? Number(item.seed) : rest.seed;
      setBase({ ...rest, ...(seed !== undefined ? { seed } : {}), numberResults: 1 });
      setOpen(true);
    } catch {
      setProblem("The task that made this item could not be opened.");
    } finally {
      setLoading(false);
    }
  }

  const task = useCallback(() => base ?? {}, [base]);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void start()}
        disabled={loading}
        title={problem ?? "Run this item's task as a grid of variations"}
        aria-describedby={problem ? "vary-item-problem" : undefined}
      >
        {loading ? <LoaderCircle aria-hidden className="animate-spin" /> : <FlaskConical aria-hidden />}
        Vary…
      </Button>
      {problem ? (
        <span id="vary-item-problem" role="alert" className="text-[12px] text-danger-fg">
          {problem}
        </span>
      ) : null}
      {base ? (
        <VaryDialog
          open={open}
          onOpenChange={setOpen}
          task={task}
          description="Run the task that made this item as a grid, from its own settings and seed: choose up to three things to vary. Every value is checked before anything runs."
        />
      ) : null}
    </>
  );
}
