"use client";

import { ImageWorkflow } from "../image-workflow";

/** Text to image: the shared panels alone. */
export function TextToImageForm() {
  return <ImageWorkflow slug="text-to-image" />;
}
