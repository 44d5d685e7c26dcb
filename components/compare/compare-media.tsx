import type { CSSProperties, Ref } from "react";
import { cn } from "@/components/ui/cn";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";

/** Every column's media box: one shape for all, so items of any shape line up across columns. */
// At most the screen less the frame, the page's header and the column's own (24rem), so each
// item shows whole on the first screen at 1280x720 as at 1440x900.
export const MEDIA_BOX =
  "relative max-h-[clamp(12rem,calc(100dvh-24rem),600px)] min-h-48 w-full overflow-hidden bg-surface-sunken";

/**
 * The shape of the media boxes: that of the tallest item, so it fills its box and the others are
 * letterboxed no more than they must be (the box's height is capped for very tall ones).
 */
export function mediaBoxStyle(items: readonly GalleryItem[]): CSSProperties {
  const ratios = items.flatMap((item) => (item.width && item.height ? [item.width / item.height] : []));
  return { aspectRatio: ratios.length > 0 ? String(Math.min(...ratios)) : "1" };
}

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

/**
 * Fills the box at the media's own aspect ratio, centred: scaled up too, unlike a gallery card,
 * so that a 512 px image and a 1024 px one are compared at one size.
 */
const fill = "absolute inset-0 h-full w-full object-contain";

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
        className={cn(fill, className)}
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
      className={cn(fill, className)}
      data-testid="compare-video"
    />
  );
}
