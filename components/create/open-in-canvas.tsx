"use client";

import { Layers } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";

/** Takes the image being edited to the canvas, where masks, frames and layers live together. */
export function OpenInCanvas({ imageId }: { imageId: string }) {
  return (
    <ButtonLink size="sm" variant="ghost" href={`/create/canvas?input=${encodeURIComponent(imageId)}`}>
      <Layers aria-hidden />
      Open in canvas
    </ButtonLink>
  );
}
