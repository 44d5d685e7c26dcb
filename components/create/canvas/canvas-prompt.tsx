"use client";

import { EnhanceButton, EnhanceVersions, useEnhance } from "@/components/create/panels/prompt-enhance";
import { inputClasses } from "@/components/ui/field";
import { useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";

const PROMPT_ID = "canvas-prompt";

/** The canvas's prompt, with Enhance as every Create form has it. */
export function CanvasPrompt({ readOnly }: { readOnly: boolean }) {
  const prompt = useCanvasStore((s) => s.settings.prompt);
  const setSettings = useCanvasStore((s) => s.setSettings);
  const enhance = useEnhance(
    prompt,
    (text) => {
      setSettings({ prompt: text });
      document.getElementById(PROMPT_ID)?.focus();
    },
    IMAGE_LIMITS.positivePrompt.max,
    readOnly,
  );
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={PROMPT_ID} className="font-medium text-[12px] text-muted">
          Prompt
        </label>
        <EnhanceButton enhance={enhance} className="h-7 px-2" />
      </div>
      <textarea
        id={PROMPT_ID}
        className={`${inputClasses} h-24 py-2`}
        value={prompt}
        disabled={readOnly}
        aria-describedby={enhance.error ? `${PROMPT_ID}-error` : undefined}
        onChange={(e) => setSettings({ prompt: e.target.value })}
      />
      {enhance.error ? (
        <p id={`${PROMPT_ID}-error`} role="alert" className="text-[12px] text-danger">
          {enhance.error}
        </p>
      ) : null}
      <EnhanceVersions enhance={enhance} />
    </div>
  );
}
