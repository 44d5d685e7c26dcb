"use client";

import { Pause, Play, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { PRIORITY_LABELS, TASK_PRIORITIES, type TaskPriority } from "@/lib/studio/queue/queue";
import { type EditTargets, FindReplace, SetParameter } from "./queue-edit-tools";

/**
 * What a person does with the entries chosen: pause or let them go, give them a priority, cancel
 * them, and edit their prompts and parameters together (an experiment's every cell not yet sent).
 */
export function WaitingSelection({
  chosen,
  onHold,
  onPriority,
  onCancel,
  onCancelAll,
  onClear,
}: {
  chosen: EditTargets;
  onHold(held: boolean): void;
  onPriority(priority: TaskPriority): void;
  onCancel(): void;
  onCancelAll(): void;
  onClear(): void;
}) {
  const count = chosen.taskUUIDs.length + chosen.experimentIds.length;
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5 text-[12.5px] text-muted">
        <span aria-live="polite" data-testid="chosen-count">
          {count === 0 ? "Choose tasks to change them together." : `${count} chosen`}
        </span>
        {count > 0 ? (
          <>
            <Select
              aria-label="Priority"
              value=""
              onChange={(e) => e.target.value && onPriority(e.target.value as TaskPriority)}
              className="h-8"
            >
              <option value="">Set priority…</option>
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
            <Button size="sm" onClick={() => onHold(true)} title="Hold the chosen back until resumed">
              <Pause aria-hidden />
              Pause chosen
            </Button>
            <Button size="sm" onClick={() => onHold(false)} title="Let the chosen go in their turn">
              <Play aria-hidden />
              Resume chosen
            </Button>
            <Button size="sm" onClick={onCancel}>
              <XCircle aria-hidden />
              Cancel chosen
            </Button>
            <Button size="sm" variant="ghost" onClick={onClear}>
              Clear
            </Button>
          </>
        ) : (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={onCancelAll}>
            Cancel all mine
          </Button>
        )}
      </div>
      {count > 0 ? (
        <div className="flex flex-col gap-2 rounded-card border border-border bg-panel p-2.5">
          <FindReplace targets={chosen} />
          <SetParameter targets={chosen} />
        </div>
      ) : null}
    </>
  );
}
