import type { Metadata } from "next";
import { Suspense } from "react";
import { CanvasPage } from "@/components/create/canvas/canvas-page";

export const metadata: Metadata = { title: "Canvas" };

export default function CanvasRoute() {
  return (
    <Suspense>
      <CanvasPage />
    </Suspense>
  );
}
