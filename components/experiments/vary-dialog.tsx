"use client";

import { FlaskConical, LoaderCircle, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { type AxisDraft, type AxisKind, newAxis, toSpec } from "@/lib/client/experiments/axis-draft";
import { useCostEstimate } from "@/lib/client/spend/use-cost-estimate";
import type { ServiceError } from "@/lib/protocol/errors";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { VIDEO_LIMITS } from "@/lib/protocol/video-inference";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { MAX_AXES } from "@/lib/studio/experiments/axes";
import type { Estimate } from "@/lib/studio/experiments/planning";
import { plural } from "@/lib/studio/words";
import { EstimateLine } from "../spend/estimate-line";
import { TimeEstimateLine } from "../spend/time-estimate-line";
import { AxisEditor, type AxisPreview } from "./axis-editor";

interface Preview {
  name: string;
  axes: AxisPreview[];
  counts: { cells: number; runnable: number; refused: number; images: number };
  estimate: Estimate;
}

interface VaryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The task the Generate button would send now. */
  task: () => Record<string, unknown>;
  /** The axes it opens with (prompt history opens it with the prompts chosen there). */
  initialAxes?: AxisDraft[];
  /** What the grid is made over, in the dialog's words (default: the form's task). */
  description?: string;
}

const PREVIEW_DELAY_MS = 300;

/** Task types whose cells can make several results, and the contract's most per task. */
const MOST_PER_CELL: Record<string, number> = {
  imageInference: IMAGE_LIMITS.numberResults.max,
  videoInference: VIDEO_LIMITS.numberResults.max,
};

/** "Vary…": up to three axes over the form's current task, checked and estimated before it runs. */
export function VaryDialog({ open, onOpenChange, task, initialAxes, description }: VaryDialogProps) {
  const router = useRouter();
  const [base, setBase] = useState<Record<string, unknown>>({});
  const [axes, setAxes] = useState<AxisDraft[]>([]);
  const [errors, setErrors] = useState<ServiceError[]>([]);
  const [running, setRunning] = useState(false);
  // One result per cell unless asked: the Create form's image count would multiply the grid unseen.
  const [perCell, setPerCell] = useState("1");
  const taskType = String(base.taskType ?? "imageInference");
  const mostPerCell = MOST_PER_CELL[taskType];
  const noun = taskType === "videoInference" ? "video" : "image";
  const prompt = typeof base.positivePrompt === "string" ? base.positivePrompt : "";

  useEffect(() => {
    if (!open) return;
    const now = task();
    setBase(now);
    setAxes((current) =>
      current.length > 0
        ? current
        : (initialAxes ?? [newAxis("prompts", String(now.taskType), String(now.positivePrompt ?? ""))]),
    );
    setErrors([]);
  }, [open, task, initialAxes]);

  const specs = useMemo(() => axes.map(toSpec), [axes]);
  const complete = specs.length > 0 && specs.every((s) => s !== null);
  const body = useMemo(() => {
    const count = Number(perCell);
    return {
      base: mostPerCell === undefined ? base : { ...base, numberResults: perCell === "" ? 1 : count },
      axes: specs,
    };
  }, [base, specs, perCell, mostPerCell]);

  const preview = useGridPreview(open && complete, body, setErrors);

  // Asked once the grid checks out: what its runnable cells would cost.
  const cost = useCostEstimate(open && preview ? { experiment: body } : null);

  const axisProblem = (i: number) => errors.find((e) => e.parameter?.startsWith(`axes.${i}`))?.message;
  const general = errors.filter((e) => !e.parameter?.startsWith("axes.")).map((e) => e.message);

  async function run() {
    setRunning(true);
    let created: { id: string };
    try {
      created = await call(api.experiments.create, { body });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setErrors(err.errors);
      return;
    } finally {
      setRunning(false);
    }
    onOpenChange(false);
    setAxes([]);
    setPerCell("1");
    router.push(`/experiments/${created.id}`);
  }

  const addAxis = (kind: AxisKind) => setAxes((a) => [...a, newAxis(kind, taskType, prompt)]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Vary this task"
      description={
        description ??
        "Run the form's task as a grid: choose up to three things to vary. Every value is checked before anything runs."
      }
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      <div className="flex flex-col gap-3">
        {axes.map((draft, i) => (
          <AxisEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: an axis is its position
            key={i}
            index={i}
            draft={draft}
            taskType={taskType}
            preview={preview?.axes[i]}
            problem={axisProblem(i)}
            onChange={(next) => setAxes((a) => a.map((d, j) => (j === i ? next : d)))}
            onRemove={() => setAxes((a) => a.filter((_, j) => j !== i))}
          />
        ))}
        {mostPerCell !== undefined ? (
          <div className="w-56">
            <TextField
              id="vary-per-cell"
              label={`${noun === "video" ? "Videos" : "Images"} per cell`}
              type="number"
              inputMode="numeric"
              min={1}
              max={mostPerCell}
              step={1}
              value={perCell}
              onChange={(e) => setPerCell(e.target.value)}
              hint={`Each cell makes this many, with seeds one after another (1 to ${mostPerCell}).`}
              error={errors.find((e) => e.parameter === "numberResults")?.message}
            />
          </div>
        ) : null}
        {axes.length < MAX_AXES ? <AddAxisButtons onAdd={addAxis} /> : null}
      </div>
      <div className="sticky -bottom-4 -mx-5 -mb-4 mt-4 flex flex-col gap-2 border-border border-t bg-panel px-5 py-4">
        <FormError>{general.length > 0 ? general.join(" ") : null}</FormError>
        <GridStatus preview={preview} complete={complete} refused={errors.length > 0} noun={noun} />
        {preview ? <EstimateLine estimate={cost} noun={noun} unit="cell" /> : null}
        {preview ? <TimeEstimateLine estimate={cost} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={!preview || running || preview.counts.runnable === 0}
            onClick={() => void run()}
          >
            {running ? <LoaderCircle aria-hidden className="animate-spin" /> : <FlaskConical aria-hidden />}
            {preview ? `Run ${plural(preview.counts.runnable, "cell")}` : "Run"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The server's check of the grid while it is `wanted` (open, every axis complete): its cells and
 * values, a moment after the last change; what it refuses goes to `setErrors`.
 */
function useGridPreview(
  wanted: boolean,
  body: { base: Record<string, unknown>; axes: unknown[] },
  setErrors: (errors: ServiceError[]) => void,
): Preview | null {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (!wanted) {
      setPreview(null);
      return;
    }
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const preview = await call(api.experiments.preview, { body });
        if (!live) return;
        setPreview(preview);
        setErrors([]);
      } catch (err) {
        if (!live || !(err instanceof ApiError)) return;
        setPreview(null);
        setErrors(err.errors);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted, body, setErrors]);
  return preview;
}

function AddAxisButtons({ onAdd }: { onAdd: (kind: AxisKind) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => onAdd("field")}>
        <Plus aria-hidden /> Vary a setting
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onAdd("seeds")}>
        <Plus aria-hidden /> Vary the seed
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onAdd("promptReplace")}>
        <Plus aria-hidden /> Replace words in the prompt
      </Button>
    </div>
  );
}

/** What the grid would make, or what it waits for. */
function GridStatus({
  preview,
  complete,
  refused,
  noun,
}: {
  preview: Preview | null;
  complete: boolean;
  refused: boolean;
  noun: string;
}) {
  return (
    <p role="status" aria-live="polite" className="text-[13px] text-muted">
      {preview ? (
        <>
          <strong className="text-foreground">
            {plural(preview.counts.runnable, "cell")}, {plural(preview.counts.images, noun)}
          </strong>
          {preview.counts.refused > 0 ? ` (${plural(preview.counts.refused, "cell")} refused, not sent)` : ""}
        </>
      ) : complete && refused ? (
        "Change what is marked to see the grid."
      ) : complete ? (
        "Checking…"
      ) : (
        "Fill in every axis to see the grid."
      )}
    </p>
  );
}
