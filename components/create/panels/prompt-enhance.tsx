"use client";

import { LoaderCircle, Sparkles, Undo2, X } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { fieldId } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { canEnhance, distinctVersions, enhanceTask } from "@/lib/client/create/enhance";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";

const NAME = "positivePrompt";

/** An answer belongs to the prompt it was asked for: once the prompt changes, it is stale. */
type Answer = { prompt: string; versions: string[] } | { prompt: string; error: string };

export interface PromptEnhance {
  prompt: string;
  pending: boolean;
  /** Why the last Enhance failed, while the prompt is still the one it was for. */
  error: string | undefined;
  versions: string[];
  /** The prompt a picked version replaced, while the picked version is still in the field. */
  undoTo: string | null;
  enabled: boolean;
  enhance(): void;
  pick(text: string): void;
  undo(): void;
  dismiss(): void;
}

/** Enhance for the prompt field of the current form; `fieldMax` is that field's own limit. */
export function usePromptEnhance(fieldMax: number, disabled = false): PromptEnhance {
  const { control, setValue, getFieldState, formState } = useFormContext();
  const prompt = (useWatch({ control, name: NAME }) as string | undefined) ?? "";
  const write = (text: string) => {
    setValue(NAME, text, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted || getFieldState(NAME).invalid,
    });
    document.getElementById(fieldId(NAME))?.focus();
  };
  return useEnhance(prompt, write, fieldMax, disabled);
}

/** Enhance for any prompt: what it holds now, and how a picked version is written into it. */
export function useEnhance(
  prompt: string,
  write: (text: string) => void,
  fieldMax: number,
  disabled = false,
): PromptEnhance {
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [undo, setUndo] = useState<{ previous: string; picked: string } | null>(null);
  const current = answer?.prompt === prompt ? answer : null;

  return {
    prompt,
    pending,
    error: current && "error" in current ? current.error : undefined,
    versions: current && "versions" in current ? current.versions : [],
    undoTo: undo && undo.picked === prompt ? undo.previous : null,
    enabled: !disabled && !pending && canEnhance(prompt),
    enhance() {
      const asked = prompt;
      setPending(true);
      setAnswer(null);
      (call(api.tools.run, { body: enhanceTask(asked, fieldMax) }) as Promise<{ text?: unknown }[]>)
        .then((answers) => {
          const versions = distinctVersions(answers ?? [], asked);
          setAnswer(
            versions.length > 0
              ? { prompt: asked, versions }
              : { prompt: asked, error: "The service had nothing to add to this prompt." },
          );
        })
        .catch((err: unknown) => setAnswer({ prompt: asked, error: (err as Error).message }))
        .finally(() => setPending(false));
    },
    pick(text) {
      setUndo({ previous: prompt, picked: text });
      setAnswer(null);
      write(text);
    },
    undo() {
      if (!undo) return;
      setUndo(null);
      write(undo.previous);
    },
    dismiss() {
      setAnswer(null);
    },
  };
}

export function EnhanceButton({ enhance, className }: { enhance: PromptEnhance; className?: string }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className={className}
      disabled={!enhance.enabled}
      aria-busy={enhance.pending || undefined}
      title="Ask the service for richer versions of this prompt"
      onClick={enhance.enhance}
    >
      {enhance.pending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
      {enhance.pending ? "Enhancing…" : "Enhance"}
    </Button>
  );
}

/** The versions to pick from under the prompt, then a way back to the prompt a pick replaced. */
export function EnhanceVersions({ enhance }: { enhance: PromptEnhance }) {
  if (enhance.versions.length > 0) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: a fieldset would belong to the form's fields; this is a set of actions.
      <div
        role="group"
        aria-label="Enhanced versions"
        className="flex flex-col gap-1.5 rounded-card border border-accent/30 bg-accent/5 p-2"
      >
        <div className="flex items-center justify-between gap-2 px-1">
          <p className="font-medium text-[12px] text-accent-fg">Pick a version to replace the prompt</p>
          <button
            type="button"
            aria-label="Dismiss the versions"
            onClick={enhance.dismiss}
            className={cn("rounded-control p-1 text-muted hover:text-foreground", focusRing)}
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </div>
        <ul className="flex flex-col gap-1">
          {enhance.versions.map((text, i) => (
            <li key={text}>
              <button
                type="button"
                data-version={text}
                aria-label={`Use version ${i + 1}: ${text}`}
                onClick={() => enhance.pick(text)}
                className={cn(
                  "w-full rounded-control border border-transparent bg-panel px-2.5 py-2 text-left text-[12.5px] text-foreground leading-relaxed",
                  "hover:border-accent/50 hover:bg-panel-raised",
                  focusRing,
                )}
              >
                <span className="mr-1.5 font-medium text-[11px] text-muted-subtle tabular-nums">{i + 1}</span>
                {text}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (enhance.undoTo !== null) {
    return (
      <p role="status" className="flex items-center gap-2 text-[12px] text-muted">
        Prompt replaced by an enhanced version.
        <Button size="sm" variant="ghost" className="h-7 px-2" onClick={enhance.undo}>
          <Undo2 aria-hidden />
          Undo
        </Button>
      </p>
    );
  }
  return null;
}
