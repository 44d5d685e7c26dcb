"use client";

import { inputClasses } from "@/components/ui/field";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { extentsBeyond } from "@/lib/client/canvas/canvas-frame";
import type { PlanKind } from "@/lib/client/canvas/canvas-plan";
import { frameForExtents } from "@/lib/client/canvas/canvas-recall";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { OUTPAINT_SIDES, OUTPAINT_STEP, SIDE_NAMES } from "@/lib/client/canvas/outpaint";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";

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

/** How far the frame reaches past each edge of the picture, typed side by side in the model's step. */
function ExtentFields() {
  const doc = useCanvasDocument();
  const setFrame = useCanvasStore((s) => s.setFrame);
  const picture = doc.picture;
  if (!picture) return null;
  const extents = extentsBeyond(doc.frame, picture);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className={`${label} mb-1.5`}>Extend each side, in steps of {OUTPAINT_STEP} px</legend>
      <div className="grid grid-cols-2 gap-x-2 gap-y-1.5">
        {OUTPAINT_SIDES.map((side) => {
          const commit = (text: string) => {
            const n = Number(text);
            if (text.trim() === "" || !Number.isFinite(n) || n === extents[side]) return;
            const stepped = Math.max(0, Math.round(n / OUTPAINT_STEP) * OUTPAINT_STEP);
            setFrame(frameForExtents(picture, { ...extents, [side]: stepped }));
          };
          return (
            <label key={side} className="flex flex-col gap-1">
              <span className="text-[11px] text-muted-subtle">{SIDE_NAMES[side]}</span>
              <input
                type="number"
                min={0}
                step={OUTPAINT_STEP}
                aria-label={`Extend ${SIDE_NAMES[side].toLowerCase()}`}
                className={`${inputClasses} h-8 px-1.5 text-[12px]`}
                key={`${side}:${extents[side]}`}
                defaultValue={extents[side]}
                onChange={(e) => {
                  if ((e.nativeEvent as InputEvent).inputType === undefined) commit(e.target.value);
                }}
                onBlur={(e) => commit(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") commit(e.currentTarget.value);
                }}
              />
            </label>
          );
        })}
      </div>
    </fieldset>
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
