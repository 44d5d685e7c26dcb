"use client";

import { useState } from "react";
import { inputClasses } from "@/components/ui/field";
import { extentsBeyond, frameForPicture } from "@/lib/client/canvas/canvas-frame";
import { frameForExtents } from "@/lib/client/canvas/canvas-recall";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import {
  OUTPAINT_SIDES,
  OUTPAINT_STEP,
  type OutpaintSide,
  SIDE_NAMES,
  setSideWithNote,
  sideMax,
} from "@/lib/client/canvas/outpaint";

/**
 * How far the frame reaches past each edge of the picture, typed side by side in the model's step.
 * A typed side that had to change (to the step, or to what the other side leaves of the axis) says
 * so under its field until it is typed again.
 */
export function ExtentFields() {
  const doc = useCanvasDocument();
  const setFrame = useCanvasStore((s) => s.setFrame);
  const [notes, setNotes] = useState<Partial<Record<OutpaintSide, string>>>({});
  const picture = doc.picture;
  if (!picture) return null;
  const seed = frameForPicture(picture);
  const extents = extentsBeyond(doc.frame, picture);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 font-medium text-[12px] text-muted">
        Extend each side, in steps of {OUTPAINT_STEP} px
      </legend>
      <div className="grid grid-cols-2 gap-x-2 gap-y-1.5">
        {OUTPAINT_SIDES.map((side) => {
          const max = sideMax(seed, extents, side);
          const commit = (text: string) => {
            const n = Number(text);
            if (text.trim() === "" || !Number.isFinite(n)) return;
            const { value, note } = setSideWithNote(seed, extents, side, n);
            setNotes((all) => ({ ...all, [side]: note ?? undefined }));
            if (value[side] !== extents[side]) setFrame(frameForExtents(picture, value));
          };
          const noteId = `canvas-extent-${side}-note`;
          return (
            <label key={side} className="flex flex-col gap-1">
              <span className="text-[11px] text-muted-subtle">{SIDE_NAMES[side]}</span>
              <input
                type="number"
                min={0}
                max={max}
                step={OUTPAINT_STEP}
                aria-label={`Extend ${SIDE_NAMES[side].toLowerCase()}`}
                aria-describedby={noteId}
                className={`${inputClasses} h-8 px-1.5 text-[12px]`}
                key={`${side}:${extents[side]}`}
                defaultValue={extents[side]}
                onChange={(e) => {
                  if ((e.nativeEvent as InputEvent).inputType === undefined) commit(e.target.value);
                  else if (notes[side]) setNotes((all) => ({ ...all, [side]: undefined }));
                }}
                onBlur={(e) => commit(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") commit(e.currentTarget.value);
                }}
              />
              <span id={noteId} className="text-[11px] text-muted-subtle">
                {notes[side] ?? `Up to ${max}`}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
