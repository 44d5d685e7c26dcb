"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { typedValue } from "@/lib/client/experiments/axis-draft";
import { useExperimentRefresh } from "@/lib/client/experiments/use-experiment-refresh";
import { useCostEstimate } from "@/lib/client/spend/use-cost-estimate";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { EstimateLine } from "../spend/estimate-line";
import { TimeEstimateLine } from "../spend/time-estimate-line";
import type { ExperimentView } from "./types";

interface RerunDialogProps {
  view: ExperimentView;
  /** The axis and value to change; null when closed. */
  target: { axis: number; index: number } | null;
  onClose(): void;
}

/** The text or number behind a value's label ("CFG 7" → "7"; a prompt stays whole). */
function currentValue(view: ExperimentView, axis: number, index: number): string {
  const cell =
    view.cells.find((c) => c.coords[axis] === index && c.status !== "refused") ??
    view.cells.find((c) => c.coords[axis] === index);
  const kind = view.axes[axis]?.kind;
  if (!cell) return "";
  if (kind === "prompts" || kind === "promptReplace") return String(cell.params.positivePrompt ?? "");
  if (kind === "seeds" || kind === "seedCount") return String(cell.params.seed ?? "");
  const label = view.axes[axis]?.labels[index] ?? "";
  const name = view.axes[axis]?.name ?? "";
  return label.startsWith(`${name} `) ? label.slice(name.length + 1) : label;
}

/** "Re-run this row/column with…": one value changed, a new version of the experiment. */
export function RerunDialog({ view, target, onClose }: RerunDialogProps) {
  const router = useRouter();
  const refresh = useExperimentRefresh(view.id);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const axis = target ? view.axes[target.axis] : undefined;
  const isText = axis?.kind === "prompts" || axis?.kind === "promptReplace";
  // The cells this value touches run again: their tasks are what the new version will send.
  const rerunTasks = useMemo(() => {
    if (!target) return null;
    const tasks = view.cells
      .filter((c) => c.coords[target.axis] === target.index && c.status !== "refused")
      .map((c) => ({ taskType: view.taskType, ...c.params }));
    return tasks.length > 0 ? { tasks } : null;
  }, [target, view]);
  const cost = useCostEstimate(rerunTasks);

  useEffect(() => {
    if (!target) return;
    const kind = view.axes[target.axis]?.kind;
    // For a replaced fragment, the replacement text is what changes, not the whole prompt.
    setValue(
      kind === "promptReplace"
        ? (view.axes[target.axis]?.labels[target.index] ?? "")
        : currentValue(view, target.axis, target.index),
    );
    setError(null);
  }, [target, view]);

  async function send() {
    if (!target) return;
    setSending(true);
    let next: { id: string };
    try {
      next = await call(api.experiments.rerun, {
        params: { id: view.id },
        body: { axis: target.axis, index: target.index, value: isText ? value : typedValue(value.trim()) },
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err.errors.map((e) => e.message).join(" "));
      return;
    } finally {
      setSending(false);
    }
    onClose();
    void refresh();
    router.push(`/experiments/${next.id}`);
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Re-run “${axis?.labels[target?.index ?? 0] ?? ""}” with…`}
      description="A new version of this experiment: the cells this value does not touch keep their results, the changed ones run. This version stays as it is."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <TextField
          id="rerun-value"
          label={`New ${axis?.name ?? "value"}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoFocus
        />
        <EstimateLine
          estimate={cost}
          noun={view.taskType === "videoInference" ? "video" : "image"}
          unit="cell"
        />
        <TimeEstimateLine estimate={cost} />
        <FormError>{error}</FormError>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={sending || value.trim() === ""}>
            Run the new version
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
