"use client";

import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { MarkLayer, shownMarks } from "@/components/comments/mark-layer";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatTime } from "@/lib/client/comments/pins";
import { playBetween } from "@/lib/client/review/play-range";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { viewerCommand } from "@/lib/client/shortcuts/viewer-keys";
import type { CommentThread } from "@/lib/studio/comments/comments";
import type { StageItem } from "./image-stage";
import { RangeBars } from "./range-bars";

/** The studio's videos are made at 24 fps (the service's default); a step is one such frame. */
const FRAME_SECONDS = 1 / 24;

/** A video with play/pause, frame stepping (`,` and `.`) and a timeline showing comment markers. */
export function VideoPlayer({
  item,
  label,
  threads,
  numbers,
}: {
  item: StageItem;
  label: string;
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
}) {
  const [playing, setPlaying] = useState(false);
  const [duration, setDuration] = useState(item.durationSeconds ?? 0);
  const time = useViewerStore((s) => s.currentTime);
  const setTime = useViewerStore((s) => s.setCurrentTime);
  const highlighted = useViewerStore((s) => s.highlightedCommentId);
  const drawing = useViewerStore((s) => s.drawing);
  const draftMarks = useViewerStore((s) => s.draftMarks);
  const selectedCommentId = useViewerStore((s) => s.selectedCommentId);
  const shown = shownMarks(threads, {
    drawing,
    draftMarks,
    selectedCommentId,
    highlightedCommentId: highlighted,
  });
  const { video, stopRange } = useVideoCommands(setTime, drawing);

  const step = (frames: number) => {
    const v = video.current;
    if (!v) return;
    stopRange.current();
    v.pause();
    v.currentTime = Math.max(0, Math.min(v.currentTime + frames * FRAME_SECONDS, v.duration || Infinity));
    setTime(v.currentTime);
  };
  const toggle = () => {
    const v = video.current;
    if (!v) return;
    stopRange.current();
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = viewerCommand(event);
      if (command?.kind !== "frame") return;
      step(command.step);
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <div className="flex h-full min-h-0 w-full flex-col gap-3">
      <div className="flex min-h-0 flex-1 items-center justify-center rounded-card bg-surface-sunken">
        <div className="relative flex max-h-full max-w-full">
          {/* biome-ignore lint/a11y/useMediaCaption: generated clips have no captions to offer. */}
          <video
            ref={video}
            src={item.url}
            aria-label={label}
            playsInline
            preload="metadata"
            data-testid="viewer-video"
            className="max-h-[calc(100dvh-17rem)] max-w-full"
            onClick={toggle}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
            onLoadedMetadata={(e) =>
              Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)
            }
          />
          <MarkLayer
            marks={shown.marks}
            drawing={drawing}
            label={
              drawing
                ? "The marks being drawn"
                : `Marks of comment ${shown.commentId ? (numbers.get(shown.commentId) ?? "") : ""}`.trim()
            }
          />
        </div>
      </div>
      <div className="flex items-center gap-2 rounded-control border border-border bg-panel px-2 py-1.5">
        <FrameButtons playing={playing} onStep={step} onToggle={toggle} />
        <span data-testid="video-time" className="w-24 text-[12px] text-muted tabular-nums">
          {formatTime(time)} / {formatTime(duration)}
        </span>
        <div className="relative flex-1">
          <input
            type="range"
            aria-label="Timeline"
            min={0}
            max={duration || 0}
            step={FRAME_SECONDS}
            value={Math.min(time, duration || 0)}
            onChange={(e) => {
              const v = video.current;
              stopRange.current();
              if (v) v.currentTime = Number(e.target.value);
              setTime(Number(e.target.value));
            }}
            className="w-full accent-accent"
          />
          <RangeBars threads={threads} numbers={numbers} duration={duration} />
          {duration > 0 ? (
            <TimelineMarkers
              threads={threads}
              numbers={numbers}
              duration={duration}
              highlighted={highlighted}
              onSeek={(seconds) => {
                const v = video.current;
                if (v) v.currentTime = seconds;
                setTime(seconds);
              }}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * The viewer's seek and play-a-range commands, served by this video while it is shown; it pauses
 * while marks are drawn, since they are drawn on a still frame.
 */
function useVideoCommands(setTime: (seconds: number) => void, drawing: boolean) {
  const video = useRef<HTMLVideoElement>(null);
  // Stops watching for the out point of the range being played (a seek or a pause ends the range).
  const stopRange = useRef<() => void>(() => undefined);
  const setSeekTo = useViewerStore((s) => s.setSeekTo);
  const setPlayRange = useViewerStore((s) => s.setPlayRange);
  useEffect(() => {
    const seek = (seconds: number) => {
      const v = video.current;
      if (!v) return;
      stopRange.current();
      v.pause();
      v.currentTime = Math.max(0, Math.min(seconds, v.duration || seconds));
      setTime(v.currentTime);
    };
    const play = (from: number, to: number) => {
      const v = video.current;
      if (!v) return;
      stopRange.current();
      stopRange.current = playBetween(v, from, to, setTime);
      setTime(v.currentTime);
    };
    setSeekTo(seek);
    setPlayRange(play);
    return () => {
      setSeekTo(null);
      setPlayRange(null);
    };
  }, [setSeekTo, setPlayRange, setTime]);

  useEffect(() => {
    if (drawing) video.current?.pause();
  }, [drawing]);
  return { video, stopRange };
}

/** A numbered marker on the timeline for each comment pinned to a moment; pressing one seeks there. */
function TimelineMarkers({
  threads,
  numbers,
  duration,
  highlighted,
  onSeek,
}: {
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
  duration: number;
  highlighted: string | null;
  onSeek: (seconds: number) => void;
}) {
  const markers = threads.filter((t) => t.pin && "seconds" in t.pin);
  return markers.map((t) => {
    const seconds = t.pin && "seconds" in t.pin ? t.pin.seconds : 0;
    return (
      <button
        key={t.id}
        type="button"
        data-testid="timeline-marker"
        title={`${t.authorName}: ${t.body}`}
        aria-label={`Comment ${numbers.get(t.id) ?? ""} at ${formatTime(seconds)}`}
        onClick={() => onSeek(seconds)}
        style={{ left: `${Math.min(100, (seconds / duration) * 100)}%` }}
        className={cn(
          "absolute -top-4 flex size-4 -translate-x-1/2 items-center justify-center rounded-full font-semibold text-[9px] text-white",
          t.resolved ? "bg-panel-hover" : "bg-accent-strong",
          highlighted === t.id && "ring-2 ring-accent",
        )}
      >
        {numbers.get(t.id)}
      </button>
    );
  });
}

function FrameButtons({
  playing,
  onStep,
  onToggle,
}: {
  playing: boolean;
  onStep: (frames: number) => void;
  onToggle: () => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Previous frame"
        title="Previous frame (,)"
        onClick={() => onStep(-1)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" aria-label={playing ? "Pause" : "Play"} onClick={onToggle}>
        {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Next frame"
        title="Next frame (.)"
        onClick={() => onStep(1)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </>
  );
}
