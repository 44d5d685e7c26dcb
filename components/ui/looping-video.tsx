"use client";

import { type ComponentProps, useEffect, useRef } from "react";
import { prefersReducedMotion, useReducedMotion } from "@/lib/client/shell/reduced-motion";

type VideoProps = Omit<ComponentProps<"video">, "autoPlay" | "loop" | "muted" | "playsInline">;

/**
 * A muted clip that plays on a loop by itself (a result, a ballot's candidate), unless the person
 * asked their system for less motion: then it holds its first frame, as the stylesheet holds every
 * other animation still (app/globals.css), and plays while they point at it or focus what holds
 * it (the card's button), their own doing, pausing again when they leave.
 */
export function LoopingVideo({ preload, ...props }: VideoProps) {
  const reduced = useReducedMotion();
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // While the page hydrates the hook still answers as the server did (no setting known): the
    // media query itself is asked, so a clip never starts for a person who asked for less motion.
    if (!reduced && !prefersReducedMotion()) {
      if (video.paused) void video.play()?.catch(() => undefined);
      return;
    }
    video.pause();
    // What the person points at or moves focus to: the control the clip sits in, else the clip.
    const host = video.closest<HTMLElement>("button, a, [tabindex]") ?? video;
    const play = () => void video.play()?.catch(() => undefined);
    const pause = () => video.pause();
    host.addEventListener("pointerenter", play);
    host.addEventListener("pointerleave", pause);
    host.addEventListener("focusin", play);
    host.addEventListener("focusout", pause);
    return () => {
      host.removeEventListener("pointerenter", play);
      host.removeEventListener("pointerleave", pause);
      host.removeEventListener("focusin", play);
      host.removeEventListener("focusout", pause);
    };
  }, [reduced]);

  return (
    <video
      ref={ref}
      muted
      loop
      playsInline
      // No autoplay attribute: the server renders without knowing the person's setting, so the
      // clip is started by the effect above once the page knows it.
      preload={preload ?? (reduced ? "metadata" : "auto")}
      data-motion={reduced ? "on-request" : "loops"}
      {...props}
    />
  );
}
