/** The Create pages, by slug (lib/client/create/workflows.ts describes each). */
export const WORKFLOW_SLUGS = [
  "text-to-image",
  "image-to-image",
  "inpainting",
  "outpainting",
  "controlnet",
  "video",
] as const;
export type WorkflowSlug = (typeof WORKFLOW_SLUGS)[number];

/**
 * Which Create page made a task, from what it carried (the same rule the workflows list states).
 * Shared by the server, which names each gallery item's workflow, and the browser, which links
 * a task to its page: one rule, so a recall never opens a page other than the one that made it.
 */
export function workflowOf(params: Record<string, unknown>): string {
  if (params.taskType === "videoInference") return "video";
  if (Array.isArray(params.controlNet) && params.controlNet.length > 0) return "controlnet";
  if (params.outpaint) return "outpainting";
  if (params.maskImage) return "inpainting";
  if (params.seedImage) return "image-to-image";
  // Reference images an edit model reads (ACE++ reads them too, from any page's own panel).
  if (Array.isArray(params.referenceImages) && params.referenceImages.length > 0 && !params.acePlusPlus)
    return "image-to-image";
  return "text-to-image";
}
