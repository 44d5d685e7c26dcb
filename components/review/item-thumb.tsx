"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { thumbUrl } from "@/lib/studio/api/gallery-urls";

/**
 * A small thumbnail of an item: the studio's 320 px thumbnail, or the full media when the
 * thumbnail cannot be had (a video's first frame then).
 */
export function ItemThumb({
  itemId,
  url,
  kind,
  alt,
  className,
  src,
}: {
  itemId: string;
  url: string;
  kind: "image" | "video";
  alt: string;
  className?: string;
  src?: string;
}) {
  const [failed, setFailed] = useState(false);
  const box = cn("size-full object-cover", className);
  if (failed && kind === "video") {
    return <video src={url} muted preload="metadata" aria-label={alt} className={box} />;
  }
  return (
    // biome-ignore lint/performance/noImgElement: studio thumbnails are served by our own route.
    <img
      src={failed ? url : (src ?? thumbUrl(itemId, 320))}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={box}
    />
  );
}
