"use client";

import { Pause, Play, StepBack, StepForward } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Slider } from "@/components/ui/slider";
import { compareLetter } from "@/lib/studio/compare/compare";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { CompareMedia, MEDIA_BOX, mediaBoxStyle } from "./compare-media";

/**
 * One frame, in seconds. The studio does not record a video's frame rate; 24 fps is what the
 * embedded engine renders and what most video models deliver.
 */
const FRAME = 1 / 24;
/** Followers further than this from the leader (s) are put back on its time while playing. */
const DRIFT = 0.08;

/**
 * Two to four videos driven by one control: play, pause, seek and frame steps reach every video
 * at once. The longest video leads the clock; a shorter one holds its last frame past its end.
 */
export function SyncPlayback({ items }: { items: GalleryItem[] }) {
  const videos = useRef<(HTMLVideoElement | null)[]>([]);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const boxStyle = mediaBoxStyle(items);

  const all = useCallback(() => videos.current.filter((v): v is HTMLVideoElement => v !== null), []);
  const leader = useCallback(
    () => all().reduce<HTMLVideoElement | null>((a, v) => (!a || length(v) > length(a) ? v : a), null),
    [all],
  );

  const seek = useCallback(
    (to: number) => {
      for (const video of all()) video.currentTime = Math.min(to, length(video));
      setTime(to);
    },
    [all],
  );

  const pause = useCallback(() => {
    for (const video of all()) video.pause();
    setPlaying(false);
  }, [all]);

  const play = useCallback(async () => {
    const lead = leader();
    if (!lead) return;
    // From the end, play starts over, as a single player does.
    const from = lead.currentTime >= length(lead) - FRAME ? 0 : lead.currentTime;
    seek(from);
    setPlaying(true);
    await Promise.all(
      all().map((video) => (video.currentTime < length(video) ? video.play().catch(() => undefined) : null)),
    );
  }, [all, leader, seek]);

  // While playing, the leader's clock drives the time shown and pulls drifting videos back.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const lead = leader();
      if (lead) {
        const now = lead.currentTime;
        setTime(now);
        for (const video of all()) {
          if (video !== lead && now < length(video) && Math.abs(video.currentTime - now) > DRIFT) {
            video.currentTime = now;
          }
        }
        if (lead.ended) {
          pause();
          return;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, all, leader, pause]);

  const measure = useCallback(() => setDuration(Math.max(0, ...all().map(length))), [all]);
  // A video whose metadata arrived before this page's handlers did (from the cache) counts too.
  useEffect(measure, [measure]);
  const step = (by: number) => {
    pause();
    seek(Math.min(duration, Math.max(0, time + by)));
  };

  return (
    <section aria-label="Videos played together" className="flex flex-col gap-4">
      <ol className="grid gap-4" style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}>
        {items.map((item, i) => (
          <li
            key={item.id}
            aria-label={`Item ${compareLetter(i)}`}
            className="overflow-hidden rounded-card border border-border bg-panel shadow-panel"
          >
            <div className={MEDIA_BOX} style={boxStyle}>
              <CompareMedia
                item={item}
                letter={compareLetter(i)}
                controls={false}
                videoRef={(node) => {
                  videos.current[i] = node;
                }}
                onLoadedMetadata={measure}
              />
              <span className="pointer-events-none absolute top-2 left-2 rounded-full bg-surface/90 px-2 py-0.5 font-semibold text-[12px] text-foreground">
                {compareLetter(i)}
              </span>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex items-center gap-3 rounded-card border border-border bg-panel px-4 py-3 shadow-panel">
        <Button
          variant="primary"
          size="sm"
          aria-label={playing ? "Pause all" : "Play all"}
          onClick={() => (playing ? pause() : void play())}
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          {playing ? "Pause" : "Play"}
        </Button>
        <Button variant="ghost" size="sm" aria-label="Back one frame" onClick={() => step(-FRAME)}>
          <StepBack aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label="Forward one frame" onClick={() => step(FRAME)}>
          <StepForward aria-hidden />
        </Button>
        <Slider
          label="Position in the videos"
          value={time}
          min={0}
          max={duration || 1}
          step={FRAME}
          disabled={duration === 0}
          onChange={(to) => {
            pause();
            seek(to);
          }}
        />
        <output aria-label="Time" className="shrink-0 font-mono text-[12px] text-muted tabular-nums">
          {clock(time)} / {clock(duration)}
        </output>
      </div>
    </section>
  );
}

function length(video: HTMLVideoElement): number {
  return Number.isFinite(video.duration) ? video.duration : 0;
}

/** 75.25 s → "1:15.25". */
function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes}:${rest.toFixed(2).padStart(5, "0")}`;
}
