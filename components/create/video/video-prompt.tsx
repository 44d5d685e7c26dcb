"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import type { VideoMode } from "@/lib/client/create/video-form-values";
import { VIDEO_LIMITS } from "@/lib/protocol";
import { EnhanceButton, EnhanceVersions, usePromptEnhance } from "../panels/prompt-enhance";
import { PromptHistoryLink } from "../panels/prompt-history-link";

const HINTS: Record<VideoMode, string> = {
  text: "Required: describe the scene, the motion and the camera.",
  frames: "Optional: how the video moves from the first frame (to the last).",
  references: "Optional: name references as Image 1, Video 1, Audio 1, numbered in the order above.",
};

/** The video's prompt; its length bounds are the contract's video ones, not the image ones. */
export function VideoPrompt({ mode }: { mode: VideoMode }) {
  const { register, control } = useFormContext();
  const prompt = (useWatch({ control, name: "positivePrompt" }) as string | undefined) ?? "";
  const error = useFieldError("positivePrompt");
  const id = fieldId("positivePrompt");
  const { max } = VIDEO_LIMITS.positivePrompt;
  const over = prompt.length > max;
  const enhance = usePromptEnhance(max);
  return (
    <FieldShell
      id={id}
      label={mode === "text" ? "Prompt" : "Prompt (optional)"}
      error={error ?? enhance.error}
      hint={HINTS[mode]}
      aside={
        <span className={cn(over && "text-danger-fg")}>
          {prompt.length.toLocaleString()} / {max.toLocaleString()}
        </span>
      }
    >
      <textarea
        id={id}
        rows={4}
        placeholder="A paper boat drifts down a rain-soaked street at dusk, slow dolly shot"
        className={cn(inputClasses, "h-auto min-h-24 resize-y py-2 leading-relaxed")}
        {...describedBy(id, true, error)}
        {...register("positivePrompt")}
      />
      <div className="flex items-center justify-end gap-2">
        <PromptHistoryLink />
        <EnhanceButton enhance={enhance} />
      </div>
      <EnhanceVersions enhance={enhance} />
    </FieldShell>
  );
}
