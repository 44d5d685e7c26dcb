"use client";

import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { type ImageRef, useImageRef } from "@/lib/client/create/tools";

/**
 * The canvas beside the form of a workflow that edits its seed image (inpainting, outpainting):
 * nothing before an image is chosen (or when it is gone), a placeholder while it loads, then
 * `children` with it.
 */
export function SeedStage({ children }: { children: (seed: ImageRef) => ReactNode }) {
  const seedImage = useWatch({ name: "seedImage" }) as string | undefined;
  const { data: seed, isError } = useImageRef(seedImage);
  // A seed the studio no longer has is said on its field; a canvas for it would wait forever.
  if (!seedImage || isError) return null;
  if (!seed)
    return (
      <div role="status" className="h-96 animate-pulse rounded-panel bg-surface-sunken">
        <span className="sr-only">Loading the image</span>
      </div>
    );
  return children(seed);
}
