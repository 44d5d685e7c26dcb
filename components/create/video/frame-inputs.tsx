"use client";

import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { ImageInput } from "@/components/forms/image-input";
import { FieldMessage } from "@/components/ui/field";
import { frameSlots } from "@/lib/client/create/video-form-values";
import { firstMessage, messageAt } from "./form-errors";

const PATH = "inputs.frameImages";

/**
 * The first frame (required) and the last frame (optional). The form keeps them as positional
 * slots, index 0 first and index 1 last, which is also how the contract reads two images without
 * explicit positions, so an error on `inputs.frameImages.1` is the last frame's.
 */
export function FrameInputs() {
  const { control, setValue } = useFormContext();
  const { errors, isSubmitted } = useFormState({ control });
  const { first, last } = frameSlots(useWatch({ control, name: PATH }));

  const set = (slot: 0 | 1, id: string | undefined) => {
    const next = [first ?? "", last ?? ""];
    next[slot] = id ?? "";
    setValue(PATH, next, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  const slotError = (i: number) =>
    firstMessage(errors, [`${PATH}.${i}`, `${PATH}.${i}.image`, `${PATH}.${i}.frame`]);

  return (
    <fieldset className="flex flex-col gap-2" data-testid="frame-inputs">
      <legend className="sr-only">Frames</legend>
      <div className="grid grid-cols-2 gap-3">
        <div data-testid="first-frame">
          <ImageInput
            id="first-frame"
            label="First frame"
            value={first}
            onChange={(image) => set(0, image?.id)}
            error={slotError(0)}
            hint="Required: the video starts here."
          />
        </div>
        <div data-testid="last-frame">
          <ImageInput
            id="last-frame"
            label="Last frame"
            value={last}
            onChange={(image) => set(1, image?.id)}
            error={slotError(1)}
            hint="Optional: the video ends here."
          />
        </div>
      </div>
      <FieldMessage error={messageAt(errors, PATH)} />
    </fieldset>
  );
}
