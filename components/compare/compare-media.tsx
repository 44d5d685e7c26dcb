import type { Ref } from "react";
import { cn } from "@/components/ui/cn";
import { wholeMedia } from "@/components/ui/whole-media";
import { promptForPeople } from "@/lib/client/create/field-labels";
import type { GalleryItem } from "@/lib/studio/stream-events";

/** The height every column's media box shares, so items of any shape line up across columns. */
export const MEDIA_BOX = "relative h-[clamp(240px,56vh,560px)] overflow-hidden bg-surface-sunken";

export function mediaLabel(item: GalleryItem, letter: string): string {
  return `${letter}: ${promptForPeople(item.prompt) ?? (item.kind === "video" ? "Video" : "Image")}`;
}

interface CompareMediaProps {
  item: GalleryItem;
  letter: string;
  /** Native controls for a video shown alone; none when one control bar drives all of them. */
  controls?: boolean;
  videoRef?: Ref<HTMLVideoElement>;
  onLoadedMetadata?: () => void;
  className?: string;
}

/** An item's media shown whole at its own aspect ratio, centred in its box. */
export function CompareMedia({
  item,
  letter,
  controls = true,
  videoRef,
  onLoadedMetadata,
  className,
}: CompareMediaProps) {
  const label = mediaLabel(item, letter);
  if (item.kind === "image") {
    return (
      // biome-ignore lint/performance/noImgElement: studio media is served by our own route, not the image optimizer.
      <img
        src={item.url}
        alt={label}
        decoding="async"
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        className={cn(wholeMedia, className)}
      />
    );
  }
  return (
    <video
      ref={videoRef}
      src={item.url}
      muted
      playsInline
      preload="auto"
      controls={controls}
      onLoadedMetadata={onLoadedMetadata}
      aria-label={label}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      className={cn(wholeMedia, className)}
      data-testid="compare-video"
    />
  );
}
