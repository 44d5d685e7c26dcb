"use client";

import { Segmented } from "@/components/ui/segmented";
import { VIDEO_MODES, type VideoMode } from "@/lib/client/create/video-form-values";

const LABELS: Record<VideoMode, string> = { text: "Text", frames: "Frames", references: "References" };

const EXPLAIN: Record<VideoMode, string> = {
  text: "The prompt alone makes the video, at the exact size you choose.",
  frames: "Animates from a first frame, optionally to a last one; the frame's shape sets the video's.",
  references:
    "Composes from reference images, videos and audios that the prompt names as Image 1, Video 1, Audio 1.",
};

/**
 * Which workflow the video uses. Frames and references are separate workflows of the service and
 * cannot be combined, so switching clears the inputs of the mode being left.
 */
export function ModeSwitch({ mode, onChange }: { mode: VideoMode; onChange(mode: VideoMode): void }) {
  return (
    <div className="flex flex-col gap-1.5" data-testid="video-mode">
      <span id="video-mode-label" className="font-medium text-[13px] text-foreground">
        Start from
      </span>
      <Segmented
        label="Start from"
        value={mode}
        onChange={onChange}
        options={VIDEO_MODES.map((m) => ({ value: m, label: LABELS[m] }))}
        className="self-start"
      />
      <p className="text-[12px] text-muted leading-relaxed">{EXPLAIN[mode]}</p>
      <p className="text-[12px] text-muted-subtle leading-relaxed" data-testid="video-mode-explain">
        Frames and references are separate workflows of the service, so a video uses one or the other:
        switching clears the inputs of the mode you leave.
      </p>
    </div>
  );
}
