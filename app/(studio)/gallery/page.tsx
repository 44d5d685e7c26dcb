import type { Metadata } from "next";
import { Suspense } from "react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Gallery" };

export default function GalleryPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Gallery"
        description="Every image and video made in this studio by the whole team, with the prompt behind it. Search and filter to find one; new results appear here as they complete."
      />
      {/* The filter lives in the address, which is read in the browser. */}
      <Suspense>
        <GalleryView />
      </Suspense>
    </div>
  );
}
