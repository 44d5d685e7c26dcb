import type { Metadata } from "next";
import { Suspense } from "react";
import { InpaintingForm } from "@/components/create/workflows/inpainting-form";

export const metadata: Metadata = { title: "Inpainting" };

export default function InpaintingPage() {
  return (
    <Suspense>
      <InpaintingForm />
    </Suspense>
  );
}
