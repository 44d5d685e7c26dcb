import type { Metadata } from "next";
import { Suspense } from "react";
import { CanvasPage } from "@/components/create/canvas/canvas-page";

export const metadata: Metadata = { title: "Outpainting" };

/** Outpainting is the canvas set up for it; the address stays for bookmarks and recall links. */
export default function OutpaintingPage() {
  return (
    <Suspense>
      <CanvasPage view="outpaint" />
    </Suspense>
  );
}
