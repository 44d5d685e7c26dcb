"use client";

import { CircleHelp } from "lucide-react";
import { Popover } from "radix-ui";
import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, SelectField, useFieldError } from "@/components/forms/fields";
import { cn, focusRing } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { REQUIRED } from "@/lib/client/create/task-resolver";
import { BLANK_PROMPT, IMAGE_LIMITS, PROMPT_WEIGHTINGS } from "@/lib/protocol/image-limits";
import { EnhanceButton, EnhanceVersions, usePromptEnhance } from "./prompt-enhance";
import { PromptHistoryLink } from "./prompt-history-link";

const textareaClasses = cn(inputClasses, "h-auto min-h-24 resize-y py-2 leading-relaxed");

function Count({ value, max }: { value: string; max: number }) {
  const over = value.length > max;
  return (
    <span className={cn(over && "text-danger-fg")} aria-live={over ? "polite" : undefined}>
      {value.length.toLocaleString()} / {max.toLocaleString()}
    </span>
  );
}

/** Prompt, negative prompt and how weights inside them are read. */
export function PromptPanel() {
  const { register, setValue, control } = useFormContext();
  const prompt = (useWatch({ control, name: "positivePrompt" }) as string | undefined) ?? "";
  const negative = (useWatch({ control, name: "negativePrompt" }) as string | undefined) ?? "";
  const promptError = useFieldError("positivePrompt");
  const negativeError = useFieldError("negativePrompt");
  const blank = prompt === BLANK_PROMPT;
  const enhance = usePromptEnhance(IMAGE_LIMITS.positivePrompt.max, blank);
  const pid = fieldId("positivePrompt");
  const nid = fieldId("negativePrompt");

  return (
    <div className="flex flex-col gap-4">
      <FieldShell
        id={pid}
        label="Prompt"
        error={
          promptError === REQUIRED
            ? "Required: describe the image, or tick No prompt."
            : (promptError ?? enhance.error)
        }
        hint={blank ? "No text guidance: the image follows its inputs alone." : undefined}
        aside={blank ? null : <Count value={prompt} max={IMAGE_LIMITS.positivePrompt.max} />}
      >
        <textarea
          id={pid}
          rows={4}
          disabled={blank}
          placeholder="A lighthouse on a cliff at dusk, volumetric light, 35mm photograph"
          className={cn(textareaClasses, blank && "hidden")}
          {...describedBy(pid, blank, promptError)}
          {...register("positivePrompt")}
        />
        {blank ? (
          // The token the request carries for "no prompt" is for the service, not for reading.
          <textarea
            aria-hidden
            tabIndex={-1}
            rows={4}
            disabled
            value=""
            placeholder="No prompt"
            className={textareaClasses}
            readOnly
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-[12px] text-muted">
            <input
              type="checkbox"
              checked={blank}
              onChange={(e) =>
                setValue("positivePrompt", e.target.checked ? BLANK_PROMPT : "", {
                  shouldDirty: true,
                  shouldValidate: false,
                })
              }
              className="size-3.5 accent-[#6553f0]"
            />
            No prompt
          </label>
          <PromptHistoryLink className="ml-auto" />
          <EnhanceButton enhance={enhance} />
        </div>
        <EnhanceVersions enhance={enhance} />
      </FieldShell>
      <FieldShell
        id={nid}
        label="Negative prompt"
        error={negativeError}
        aside={<Count value={negative} max={IMAGE_LIMITS.negativePrompt.max} />}
      >
        <textarea
          id={nid}
          rows={2}
          placeholder="What to keep out: blurry, watermark, extra fingers"
          className={cn(textareaClasses, "min-h-16")}
          {...describedBy(nid, null, negativeError)}
          {...register("negativePrompt")}
        />
      </FieldShell>
      <div className="flex items-end gap-2">
        <SelectField
          name="promptWeighting"
          label="Prompt weighting"
          options={PROMPT_WEIGHTINGS}
          emptyLabel="None (plain text)"
          className="flex-1"
        />
        <WeightingHelp />
      </div>
    </div>
  );
}

function WeightingHelp() {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="How prompt weighting works"
        className={cn(
          "mb-0.5 grid size-9 place-items-center rounded-control text-muted hover:bg-panel-raised hover:text-foreground",
          focusRing,
        )}
      >
        <CircleHelp aria-hidden className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={6}
          className="z-50 w-80 rounded-card border border-border-strong bg-panel-raised p-4 text-[12px] text-muted leading-relaxed shadow-panel"
        >
          <p className="font-medium text-[13px] text-foreground">Weighting words in a prompt</p>
          <p className="mt-2">
            <strong className="text-foreground">compel</strong>:{" "}
            <code className="font-mono">(red hat)1.3</code> or <code className="font-mono">red hat++</code>{" "}
            gives more weight, <code className="font-mono">fog--</code> less;{" "}
            <code className="font-mono">("a cat", "a dog").blend(0.7, 0.3)</code> blends prompts.
          </p>
          <p className="mt-2">
            <strong className="text-foreground">sdEmbeds</strong>:{" "}
            <code className="font-mono">(red hat:1.3)</code> more, <code className="font-mono">[fog]</code>{" "}
            less, as in AUTOMATIC1111.
          </p>
          <p className="mt-2">Without weighting, brackets and numbers are read as plain text.</p>
          <Popover.Arrow className="fill-[#333a48]" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
