"use client";

import { Controller, useFormContext, useFormState, useWatch } from "react-hook-form";
import { FieldMessage } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import {
  DEFAULT_VIDEO_SIZE,
  isVideoTier,
  videoSizeFromValues,
  videoSizeOf,
  videoSizeOptions,
} from "@/lib/client/create/video-size-options";
import { VIDEO_DEFAULTS, VIDEO_TIERS, type VideoAspect, type VideoTier, videoSizeFor } from "@/lib/protocol";
import { firstMessage, messageAt } from "./form-errors";

function Label({ children }: { children: string }) {
  return <span className="font-medium text-[13px] text-foreground">{children}</span>;
}

/**
 * The exact size of a video from text: a tier and an aspect pick one of the contract's pairs, so
 * no other width x height can be chosen. A pair from an old draft that the table lacks is shown
 * as such until a choice replaces it.
 */
export function SizePicker() {
  const { control, setValue } = useFormContext();
  const { errors } = useFormState({ control });
  const [width, height] = useWatch({ control, name: ["width", "height"] }) as [unknown, unknown];
  const current = videoSizeFromValues(width, height);
  const tier = current?.tier ?? DEFAULT_VIDEO_SIZE.tier;
  const aspect = current?.aspect ?? DEFAULT_VIDEO_SIZE.aspect;
  const error = firstMessage(errors, ["width", "height"]);

  const choose = (t: VideoTier, a: VideoAspect) => {
    const size = videoSizeOf(t, a);
    setValue("width", size.width, { shouldDirty: true, shouldValidate: true });
    setValue("height", size.height, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <div className="flex flex-col gap-3" data-testid="video-size-picker">
      <div className="flex flex-col gap-1.5" data-testid="video-tier">
        <Label>Tier</Label>
        <Segmented
          label="Tier"
          value={tier}
          onChange={(t) => choose(t, aspect)}
          options={VIDEO_TIERS.map((t) => ({ value: t, label: t }))}
          className="self-start"
        />
      </div>
      <div className="flex flex-col gap-1.5" data-testid="video-aspect">
        <Label>Aspect</Label>
        <Segmented
          label="Aspect"
          value={aspect}
          onChange={(a) => choose(tier, a)}
          options={videoSizeOptions(tier).map((s) => ({
            value: s.aspect,
            label: s.aspect,
            title: `${s.width} × ${s.height}`,
          }))}
          className="self-start"
        />
      </div>
      <p className="text-[13px] text-foreground tabular-nums" data-testid="video-size" aria-live="polite">
        {current ? (
          <>
            {current.width} × {current.height}
            <span className="text-muted-subtle"> px</span>
          </>
        ) : (
          <span className="text-danger-fg">
            {String(width)} × {String(height)} is not an allowed size: choose a tier and an aspect.
          </span>
        )}
      </p>
      <FieldMessage error={error} />
    </div>
  );
}

/**
 * The tier of a video made from media. Its shape comes from the input (the contract takes no
 * width or height then), so only the tier is chosen; given the first frame's size, the resulting
 * size is shown as the service will pick it.
 */
export function ResolutionField({ source }: { source?: { width: number; height: number } | undefined }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const error = messageAt(errors, "resolution");
  return (
    <Controller
      control={control}
      name="resolution"
      render={({ field }) => {
        const tier: VideoTier = isVideoTier(field.value) ? field.value : VIDEO_DEFAULTS.resolution;
        const result = source ? videoSizeFor(tier, source.width / source.height) : undefined;
        return (
          <div className="flex flex-col gap-1.5" data-testid="video-resolution">
            <Label>Resolution</Label>
            <Segmented
              label="Resolution"
              value={tier}
              onChange={field.onChange}
              options={VIDEO_TIERS.map((t) => ({ value: t, label: t }))}
              className="self-start"
            />
            {error ? (
              <p role="alert" className="text-danger-fg text-xs">
                {error}
              </p>
            ) : (
              <p
                className="text-[12px] text-muted-subtle leading-relaxed"
                data-testid="video-resolution-size"
              >
                {result
                  ? `${result.width} × ${result.height} px: the ${result.aspect} size nearest the first frame's shape.`
                  : "The shape follows the input media; the tier sets how large the video is."}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
