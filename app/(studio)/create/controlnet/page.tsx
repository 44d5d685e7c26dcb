import type { Metadata } from "next";
import { Suspense } from "react";
import { ControlNetForm } from "@/components/create/workflows/controlnet-form";

export const metadata: Metadata = { title: "ControlNet" };

export default function ControlNetPage() {
  return (
    <Suspense>
      <ControlNetForm />
    </Suspense>
  );
}
