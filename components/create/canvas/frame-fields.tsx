"use client";

import { inputClasses } from "@/components/ui/field";
import { FRAME_STEP, type Rect } from "@/lib/client/canvas/canvas-frame";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";

const FIELDS: readonly { key: keyof Rect; label: string }[] = [
  { key: "x", label: "Left" },
  { key: "y", label: "Top" },
  { key: "width", label: "Width" },
  { key: "height", label: "Height" },
];

/** The frame in numbers, for the keyboard and for exact sizes; each moves in the service's steps. */
export function FrameFields() {
  const frame = useCanvasDocument().frame;
  const setFrame = useCanvasStore((s) => s.setFrame);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 font-medium text-[12px] text-muted">
        Frame, in steps of {FRAME_STEP} px
      </legend>
      <div className="grid grid-cols-2 gap-x-2 gap-y-1.5">
        {FIELDS.map(({ key, label }) => {
          const commit = (text: string) => {
            const n = Number(text);
            if (text.trim() !== "" && Number.isFinite(n) && n !== frame[key])
              setFrame({ ...frame, [key]: n });
          };
          return (
            <label key={key} className="flex flex-col gap-1">
              <span className="text-[11px] text-muted-subtle">{label}</span>
              <input
                type="number"
                step={FRAME_STEP}
                aria-label={`Frame ${label.toLowerCase()}`}
                className={`${inputClasses} h-8 px-1.5 text-[12px]`}
                // Typed digits wait for Enter or leaving the field (512 would snap at "5"); the
                // spinner and arrow keys, which carry no inputType, move at once.
                key={`${key}:${frame[key]}`}
                defaultValue={frame[key]}
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
