import type { Metadata } from "next";
import { Suspense } from "react";
import { ImageToImageForm } from "@/components/create/workflows/image-to-image-form";

export const metadata: Metadata = { title: "Image to image" };

export default function ImageToImagePage() {
  return (
    <Suspense>
      <ImageToImageForm />
    </Suspense>
  );
}
