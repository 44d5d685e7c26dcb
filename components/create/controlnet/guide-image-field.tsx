"use client";

import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { ImageInput } from "@/components/forms/image-input";
import { FieldMessage } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { GuideAspectNote } from "./guide-aspect-note";
import { PreprocessPanel } from "./preprocess-panel";

type GuideSource = "upload" | "preprocess";

const GUIDE_SOURCES: readonly { value: GuideSource; label: string; title: string }[] = [
  { value: "upload", label: "Upload a guide", title: "A pose, depth or edge map made elsewhere" },
  { value: "preprocess", label: "Make from a photo", title: "Turn a photo into a guide with a preprocessor" },
];

/**
 * A unit's `guideImage`: a ready map uploaded as it is, or one made here from a photo. Both views
 * stay mounted (one hidden) so a preprocessed result survives a look at the other view.
 */
export function GuideImageField({ name }: { name: string }) {
  const { control } = useFormContext();
  const guideName = `${name}.guideImage`;
  const id = fieldId(guideName);
  const error = useFieldError(guideName);
  const [source, setSource] = useState<GuideSource>("upload");
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-[13px] text-foreground">Guide image</span>
        <Segmented<GuideSource>
          label="Where the guide image comes from"
          value={source}
          options={GUIDE_SOURCES}
          onChange={setSource}
        />
      </div>
      <div hidden={source !== "upload"}>
        <Controller
          control={control}
          name={guideName}
          render={({ field }) => (
            <ImageInput
              id={id}
              label="Ready guide"
              hint="A pose skeleton, depth map, edge map or similar, used as it is."
              error={error}
              value={(field.value as string | undefined) || undefined}
              onChange={(image) => field.onChange(image?.id)}
            />
          )}
        />
      </div>
      <div hidden={source !== "preprocess"} className="space-y-1.5">
        <PreprocessPanel name={name} idBase={`${id}-pre`} />
        <FieldMessage error={error} />
      </div>
      <GuideAspectNote name={name} />
    </div>
  );
}
