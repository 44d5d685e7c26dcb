"use client";

import { LoaderCircle, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { fitGuideImage } from "@/lib/client/create/fit-guide-image";
import { useFittedGuides } from "@/lib/client/create/fitted-guides";
import { aspectWords, guideStretches, outputSizeForGuide } from "@/lib/client/create/guide-fit";
import { useImageRef } from "@/lib/client/create/tools";

/**
 * Beside a unit's guide: said when the guide's shape differs from the output's, since the service
 * stretches the guide to the output. Two ways out: take the guide's shape for the output, or fit
 * the guide into the output's shape (a new guide, bars where they differ).
 */
export function GuideAspectNote({ name }: { name: string }) {
  const { setValue } = useFormContext();
  const [guideId, width, height] = useWatch({ name: [`${name}.guideImage`, "width", "height"] }) as [
    string | undefined,
    number | undefined,
    number | undefined,
  ];
  const guide = useImageRef(guideId || undefined).data;
  const recordFitted = useFittedGuides((s) => s.record);
  const [fitting, setFitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const output = { width: Number(width) || 0, height: Number(height) || 0 };
  if (!guide || guide.id !== guideId || !guideStretches(guide, output)) return null;

  const match = () => {
    const size = outputSizeForGuide(guide, output.width * output.height);
    const opts = { shouldDirty: true, shouldValidate: true };
    setValue("width", size.width, opts);
    setValue("height", size.height, opts);
  };
  const fitGuide = async () => {
    setFitting(true);
    setError(null);
    const result = await fitGuideImage(guide, output);
    setFitting(false);
    if (result.ok) {
      recordFitted(result.image.id, guide.id);
      setValue(`${name}.guideImage`, result.image.id, { shouldDirty: true, shouldValidate: true });
    } else setError(result.errors[0]?.message ?? "The guide could not be fitted.");
  };

  return (
    <div
      role="status"
      data-testid="guide-aspect-note"
      className="flex flex-col gap-2 rounded-card border border-warning/40 bg-warning/10 px-3 py-2 text-[12px] text-warning-fg"
    >
      <p className="flex items-start gap-1.5">
        <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
        <span>
          The guide is {guide.width} × {guide.height} ({aspectWords(guide)}) and the output {output.width} ×{" "}
          {output.height} ({aspectWords(output)}): the guide would be stretched to the output&apos;s shape.
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={match}
          title="Set width and height to the guide's shape"
        >
          Match output to guide
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void fitGuide()}
          disabled={fitting}
          title="Fit the whole guide into the output's shape, with black bars at its sides"
        >
          {fitting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          Fit guide
        </Button>
      </div>
      {error ? <p className="text-danger-fg">{error}</p> : null}
    </div>
  );
}
