"use client";

import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { ImageInput } from "@/components/forms/image-input";
import { FieldMessage } from "@/components/ui/field";
import { REFERENCE_NOUNS, stringList } from "@/lib/client/create/video-form-values";
import { VIDEO_LIMITS } from "@/lib/protocol";
import { messageAt } from "./form-errors";
import { UrlListField } from "./url-list-field";

const IMAGES = "inputs.referenceImages";

/** Reference images: uploaded to the studio like any image input, named Image 1, Image 2… */
function ReferenceImages() {
  const { control, setValue } = useFormContext();
  const { errors, isSubmitted } = useFormState({ control });
  const list = stringList(useWatch({ control, name: IMAGES }));
  const { max } = VIDEO_LIMITS.referenceImages;
  const noun = REFERENCE_NOUNS.referenceImages;
  const set = (next: string[]) => setValue(IMAGES, next, { shouldDirty: true, shouldValidate: isSubmitted });
  const listError = messageAt(errors, IMAGES);

  return (
    <fieldset className="flex flex-col gap-2" data-testid="reference-images">
      <legend className="mb-1.5 flex w-full items-baseline justify-between font-medium text-[13px] text-foreground">
        Images
        <span className="font-normal text-[12px] text-muted-subtle tabular-nums">
          {list.length} / {max}
        </span>
      </legend>
      <div className="flex flex-wrap gap-3">
        {list.map((id, i) => (
          <ImageInput
            // An image's place is its name in the prompt (Image 1…); the same id may be given twice.
            // biome-ignore lint/suspicious/noArrayIndexKey: the place is the identity here.
            key={`${i}-${id}`}
            id={`reference-image-${i + 1}`}
            label={`${noun} ${i + 1}`}
            size="sm"
            value={id}
            error={messageAt(errors, `${IMAGES}.${i}`)}
            onChange={(image) =>
              set(image ? list.map((v, j) => (j === i ? image.id : v)) : list.filter((_, j) => j !== i))
            }
          />
        ))}
        {list.length < max ? (
          <ImageInput
            id="reference-image-new"
            label="Add image"
            size="sm"
            value={undefined}
            onChange={(image) => image && set([...list, image.id])}
          />
        ) : null}
      </div>
      <FieldMessage error={listError} />
    </fieldset>
  );
}

/** The references mode's inputs: images by upload, videos and audios by address. */
export function ReferenceInputs() {
  return (
    <div className="flex flex-col gap-4" data-testid="reference-inputs">
      <ReferenceImages />
      <UrlListField
        name="inputs.referenceVideos"
        label="Videos"
        noun={REFERENCE_NOUNS.referenceVideos}
        max={VIDEO_LIMITS.referenceVideos.max}
        placeholder="https://example.com/clip.mp4"
        hint="A public URL of each video, or its UUID in the service."
      />
      <UrlListField
        name="inputs.referenceAudios"
        label="Audios"
        noun={REFERENCE_NOUNS.referenceAudios}
        max={VIDEO_LIMITS.referenceAudios.max}
        placeholder="https://example.com/track.mp3"
        hint="A public URL of each audio, or its UUID in the service."
      />
    </div>
  );
}
