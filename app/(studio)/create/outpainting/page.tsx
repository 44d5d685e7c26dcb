import type { Metadata } from "next";
import { Suspense } from "react";
import { OutpaintingForm } from "@/components/create/workflows/outpainting-form";

export const metadata: Metadata = { title: "Outpainting" };

export default function OutpaintingPage() {
  return (
    <Suspense>
      <OutpaintingForm />
    </Suspense>
  );
}
