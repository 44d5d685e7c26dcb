import type { Metadata } from "next";
import { GalleryGrid } from "@/components/gallery/gallery-grid";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Gallery" };

export default function GalleryPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Gallery"
        description="Every image and video made in this studio by the whole team, with the prompt behind it. New results appear here as they complete."
      />
      <GalleryGrid />
    </div>
  );
}
