"use client";

import { Check, LoaderCircle } from "lucide-react";
import { PREPROCESSOR_INFO, type PreprocessResult } from "@/lib/client/create/controlnet-preprocess";

interface GuidePreviewProps {
  id: string;
  result: PreprocessResult | null;
  busy: boolean;
  /** The unit's guideImage is this result, or its copy fitted to the output's shape (`fitted`). */
  inUse: boolean;
  fitted?: boolean;
}

/** The preprocessed guide beside its source photo, so it can be judged before it is used. */
export function GuidePreview({ id, result, busy, inUse, fitted = false }: GuidePreviewProps) {
  const label = result ? PREPROCESSOR_INFO[result.preProcessorType].label : null;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="font-medium text-[13px] text-foreground">
        Resulting guide
      </span>
      <div
        aria-busy={busy || undefined}
        className="relative grid min-h-40 place-items-center overflow-hidden rounded-card border border-border-strong bg-surface-sunken"
      >
        {result ? (
          // biome-ignore lint/performance/noImgElement: studio media are served by /api/media, not Next's optimizer.
          <img
            src={result.url}
            alt={`${label} guide: ${result.width} × ${result.height}`}
            className="mx-auto block max-h-72 w-full object-contain"
          />
        ) : busy ? null : (
          <p className="px-4 text-center text-[12px] text-muted">
            Choose a source photo and press Preprocess.
          </p>
        )}
        {busy ? (
          <span className="absolute inset-0 grid place-items-center bg-black/50 text-[12px] text-foreground">
            <span className="flex items-center gap-2">
              <LoaderCircle aria-hidden className="size-4 animate-spin" /> Preprocessing…
            </span>
          </span>
        ) : null}
      </div>
      {result ? (
        <p aria-live="polite" className="flex items-center gap-2 text-[12px] text-muted-subtle tabular-nums">
          <span>
            {label} · {result.width} × {result.height}
          </span>
          {inUse ? (
            <span className="inline-flex items-center gap-1 text-accent-fg">
              <Check aria-hidden className="size-3.5" />{" "}
              {fitted ? "In use, fitted to the output's shape" : "In use"}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
