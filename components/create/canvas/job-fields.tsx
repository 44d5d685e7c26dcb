"use client";

import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import type { PlanKind } from "@/lib/client/canvas/canvas-plan";
import { useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ExtentFields } from "./extent-fields";

const label = "font-medium text-[12px] text-muted";

/** Inpainting's "work at the mask's detail": off, or the context kept around the mask. */
function MaskMarginField() {
  const margin = useCanvasStore((s) => s.settings.maskMargin);
  const setSettings = useCanvasStore((s) => s.setSettings);
  const { min, max } = IMAGE_LIMITS.maskMargin;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor="canvas-mask-margin-on" className={label}>
          Work at the mask's detail
        </label>
        <Switch
          id="canvas-mask-margin-on"
          checked={margin !== null}
          onChange={(on) => setSettings({ maskMargin: on ? min + (max - min) / 2 : null })}
        />
      </div>
      {margin !== null ? (
        <>
          <span className={label}>Mask margin {margin} px</span>
          <Slider
            label="Mask margin"
            min={min}
            max={max}
            step={1}
            value={margin}
            onChange={(maskMargin) => setSettings({ maskMargin })}
          />
        </>
      ) : (
        <p className="text-[11px] text-muted-subtle">Off: the whole frame is rendered at once.</p>
      )}
    </div>
  );
}

function SeamBlurField() {
  const blur = useCanvasStore((s) => s.settings.outpaintBlur);
  const setSettings = useCanvasStore((s) => s.setSettings);
  const { min, max } = IMAGE_LIMITS.outpaint.blur;
  return (
    <div className="flex flex-col gap-1.5">
      <span className={label}>Seam blur {blur} px</span>
      <Slider
        label="Seam blur"
        min={min}
        max={max}
        step={1}
        value={blur}
        onChange={(outpaintBlur) => setSettings({ outpaintBlur })}
      />
    </div>
  );
}

/**
 * The settings of the job the frame chose: the mask margin when it inpaints, the sides and the seam
 * blur when it outpaints (the sides also on the Outpainting page before the frame leaves the picture).
 */
export function JobFields({ kind, outpaintPage }: { kind: PlanKind; outpaintPage: boolean }) {
  return (
    <>
      {kind === "inpainting" ? <MaskMarginField /> : null}
      {kind === "outpainting" || outpaintPage ? <ExtentFields /> : null}
      {kind === "outpainting" ? <SeamBlurField /> : null}
    </>
  );
}
