import { z } from "zod";
import { WORKFLOW_SLUGS } from "@/lib/studio/workflow-of";
import { resource, uuid } from "./endpoint";

/**
 * The Create forms' drafts, kept per member and workflow, and setups: a form's state frozen under
 * an id for a link a teammate opens.
 */

/**
 * A draft holds references to images, not their bytes; a painted mask is the one inline image.
 * The canvas keeps its masks as strokes and its pictures as references, so it fits too.
 */
export const DRAFT_LIMIT_BYTES = 4 * 1024 * 1024;

/** What keeps a draft: each Create form, and the canvas (its layers, frame and settings). */
export const DRAFT_SLUGS = [...WORKFLOW_SLUGS, "canvas"] as const;
export type DraftSlug = (typeof DRAFT_SLUGS)[number];

const workflowParams = z.object({
  workflow: z
    .enum(DRAFT_SLUGS)
    .meta({ description: "The Create page: `text-to-image`, `video`, ..., or `canvas`." }),
});

/** Deeper than any form nests its values; the database's JSON refuses far deeper ones. */
export const FORM_VALUES_DEPTH = 16;

/**
 * Why a value cannot be kept as it was sent, or null when it can: PostgreSQL's JSON has no place
 * for a NUL character, and a form never nests values more than a few levels.
 */
export function unstorable(value: unknown, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? "contains a NUL character" : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= FORM_VALUES_DEPTH) return `nests deeper than ${FORM_VALUES_DEPTH} levels`;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return "has a name containing a NUL character";
    const why = unstorable(inner, depth + 1);
    if (why) return why;
  }
  return null;
}

export const formValues = z
  .record(z.string().max(100), z.unknown())
  .superRefine((values, ctx) => {
    const why = unstorable(values);
    if (why) ctx.addIssue({ code: "custom", message: `The form's values ${why}.` });
  })
  .meta({ description: "The form as typed; the page checks each value when it opens the draft." });

export const draftViewSchema = z.object({
  values: formValues,
  /** The browser's time when it took this copy of the form (ms since the epoch). */
  savedAt: z.number().int(),
  /**
   * The tab that saved it, with `savedAt` naming this copy: a tab tells its own copy, or one it
   * opened, from a copy saved elsewhere since, without comparing clocks.
   */
  writer: z.string().nullable(),
  updatedAt: z.string(),
});
export type DraftView = z.infer<typeof draftViewSchema>;

export const setupViewSchema = z.object({
  id: z.string(),
  workflow: z.enum(DRAFT_SLUGS),
  values: formValues,
  /** Who made the link; null once they left the team. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type SetupView = z.infer<typeof setupViewSchema>;

export const drafts = resource("drafts", {
  get: {
    method: "GET",
    path: "/api/drafts/{workflow}",
    summary: "The member's own draft of a Create form, or null.",
    access: "view",
    params: workflowParams,
    response: z.object({ draft: draftViewSchema.nullable() }),
  },
  save: {
    method: "PUT",
    path: "/api/drafts/{workflow}",
    summary: "Saves the member's draft of a Create form, unless a copy taken later is already saved.",
    description:
      "`writer` names the tab that saves (an id it draws once); `savedAt` is when that tab took this copy of the form, by its own clock. Between tabs and devices the save received last stays, whatever their clocks say. A tab's own save that arrives after one it took later (a slow request) is refused with 409 and changes nothing. Empty `values` clear the draft.",
    access: "view",
    params: workflowParams,
    body: z.object({
      values: formValues,
      savedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      writer: uuid().optional(),
    }),
    bodyLimit: DRAFT_LIMIT_BYTES,
    response: z.object({ draft: draftViewSchema }),
    errors: ["draftStale"],
    invalidates: [],
  },
});

export const setups = resource("setups", {
  create: {
    method: "POST",
    path: "/api/setups",
    summary:
      "Freezes a Create form's state (or the canvas's settings) under an id, for a link teammates open.",
    access: "view",
    body: z.object({ workflow: z.enum(DRAFT_SLUGS), values: formValues }),
    bodyLimit: DRAFT_LIMIT_BYTES,
    status: 201,
    response: z.object({ setup: setupViewSchema }),
    invalidates: [],
  },
  get: {
    method: "GET",
    path: "/api/setups/{id}",
    summary: "A setup a teammate shared: its workflow and the form's values.",
    access: "view",
    params: z.object({ id: uuid() }),
    response: z.object({ setup: setupViewSchema }),
    errors: ["setupNotFound"],
  },
});
