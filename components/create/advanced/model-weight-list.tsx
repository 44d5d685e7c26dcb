"use client";

import { Plus, Trash2, TriangleAlert } from "lucide-react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { AddedRow, useAddedRows } from "@/components/forms/added-rows";
import { SliderField } from "@/components/forms/fields";
import { ModelField } from "@/components/forms/model-field";
import { Button } from "@/components/ui/button";
import { architectureMismatch } from "@/lib/client/create/model-kinds";
import { useModelByAir } from "@/lib/client/create/tools";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";

interface WeightBounds {
  min: number;
  max: number;
  default: number;
}

interface ModelWeightListProps {
  /** The task's list: `lora` or `embeddings`, items `{ model, weight }`. */
  name: string;
  category: ModelCategory;
  /** "LoRA", "Embedding": names one item in labels and buttons. */
  noun: string;
  weight: WeightBounds;
  hint?: string;
  addTestId: string;
}

/** Offers a model's trigger words for the prompt: a LoRA often does nothing without them. */
function TriggerWords({ words }: { words: string }) {
  const { getValues, setValue } = useFormContext();
  return (
    <p className="flex flex-wrap items-center gap-2 text-[12px] text-muted">
      Trigger words: <span className="font-mono text-foreground">{words}</span>
      <Button
        size="sm"
        variant="ghost"
        className="h-6 px-2 text-[12px]"
        onClick={() => {
          const prompt = String(getValues("positivePrompt") ?? "").trim();
          if (!prompt.includes(words)) {
            setValue("positivePrompt", prompt ? `${prompt}, ${words}` : words, { shouldDirty: true });
          }
        }}
      >
        Add to prompt
      </Button>
    </p>
  );
}

function Row({
  base,
  index,
  props,
  onRemove,
}: {
  base: string;
  index: number;
  props: ModelWeightListProps;
  onRemove(): void;
}) {
  const { name, noun, category, weight } = props;
  const [air, checkpointAir] = useWatch({ name: [`${base}.model`, "model"] }) as [
    string | undefined,
    string | undefined,
  ];
  const addon = useModelByAir(air || undefined, category);
  const checkpoint = useModelByAir(checkpointAir || undefined, "checkpoint");
  // Said before sending: the service runs a mismatched add-on without complaint, to no effect.
  const mismatch = architectureMismatch(addon, checkpoint);
  // Read from the chosen model itself, so a row restored from a draft or a recalled task offers
  // them too, and a row drawn again keeps them.
  const trigger = addon?.positiveTriggerWords || undefined;
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border-strong bg-panel p-3">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <ModelField
            name={`${base}.model`}
            label={`${noun} ${index + 1}`}
            category={category}
            forArchitecture={checkpoint?.architecture}
            placeholder="Choose a model"
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="mt-6"
          aria-label={`Remove ${noun} ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {mismatch ? (
        <p
          className="flex items-start gap-1.5 text-[12px] text-warning-fg"
          data-testid={`${name}-${index}-mismatch`}
        >
          <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          {mismatch}
        </p>
      ) : null}
      {trigger ? <TriggerWords words={trigger} /> : null}
      <SliderField
        name={`${base}.weight`}
        label="Weight"
        min={weight.min}
        max={weight.max}
        step={0.05}
        fallback={weight.default}
      />
    </li>
  );
}

/** Several models applied on top of the checkpoint, each with its weight (LoRA, embeddings). */
export function ModelWeightList(props: ModelWeightListProps) {
  const { name, noun, weight, hint, addTestId } = props;
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const rows = useAddedRows(fields);
  return (
    <div className="flex flex-col gap-3">
      {hint ? <p className="text-muted-subtle text-xs">{hint}</p> : null}
      {fields.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {fields.map((f, i) => (
            <AddedRow key={f.id} added={rows.isAdded(f.id)}>
              <Row base={`${name}.${i}`} index={i} props={props} onRemove={() => remove(i)} />
            </AddedRow>
          ))}
        </ul>
      ) : null}
      <Button
        size="sm"
        className="self-start"
        data-testid={addTestId}
        onClick={() => {
          rows.willAdd();
          append({ model: "", weight: weight.default });
        }}
      >
        <Plus aria-hidden />
        Add {noun}
      </Button>
    </div>
  );
}
