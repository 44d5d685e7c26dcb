import type { Metadata } from "next";
import { Suspense } from "react";
import { TextToImageForm } from "@/components/create/workflows/text-to-image-form";

export const metadata: Metadata = { title: "Text to image" };

export default function TextToImagePage() {
  return (
    <Suspense>
      <TextToImageForm />
    </Suspense>
  );
}
