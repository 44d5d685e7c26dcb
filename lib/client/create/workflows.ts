/**
 * The studio's generation workflows: the single list behind the home page, the workflow chooser
 * and the navigation to `/create/<slug>`. Plain data (no components) so server and client code can
 * both import it; `components/create/workflow-icon.tsx` maps `icon` to a glyph.
 */
export type WorkflowIconName =
  | "sparkles"
  | "images"
  | "brush"
  | "expand"
  | "spline"
  | "clapperboard"
  | "layers";

export type WorkflowMedium = "image" | "video";

export interface Workflow {
  slug: string;
  title: string;
  /** One line, shown on cards. */
  description: string;
  icon: WorkflowIconName;
  medium: WorkflowMedium;
  /** What a person brings to this workflow, in words (shown on its card). */
  inputs: readonly string[];
}

export const workflows: readonly Workflow[] = [
  {
    slug: "text-to-image",
    title: "Text to image",
    description: "Describe a picture and get a set of images, with full control over model, size and seed.",
    icon: "sparkles",
    medium: "image",
    inputs: ["Prompt"],
  },
  {
    slug: "image-to-image",
    title: "Image to image",
    description: "Start from an existing image and steer it with a prompt and a strength setting.",
    icon: "images",
    medium: "image",
    inputs: ["Source image", "Strength"],
  },
  {
    slug: "inpainting",
    title: "Inpainting",
    description: "Paint a mask over part of an image and regenerate only that region.",
    icon: "brush",
    medium: "image",
    inputs: ["Source image", "Mask"],
  },
  {
    slug: "outpainting",
    title: "Outpainting",
    description: "Extend an image beyond its borders on a canvas, in steps of 64 pixels.",
    icon: "expand",
    medium: "image",
    inputs: ["Source image", "New borders"],
  },
  {
    slug: "canvas",
    title: "Canvas",
    description:
      "Paint masks, guides and regions in layers, move a frame over the picture, and stage what comes back.",
    icon: "layers",
    medium: "image",
    inputs: ["Picture", "Layers", "Frame"],
  },
  {
    slug: "controlnet",
    title: "ControlNet",
    description: "Guide composition with a pose, depth or edge map while the prompt sets the style.",
    icon: "spline",
    medium: "image",
    inputs: ["Guide image", "Control model"],
  },
  {
    slug: "video",
    title: "Video",
    description: "Generate clips from text, first and last frames, or reference images, video and audio.",
    icon: "clapperboard",
    medium: "video",
    inputs: ["Prompt", "Frames", "References"],
  },
];

export function workflowHref(workflow: Pick<Workflow, "slug">): string {
  return `/create/${workflow.slug}`;
}
