import { z } from "zod";
import { isPlainText } from "@/lib/studio/gallery/filter";
import { pageQuery } from "@/lib/studio/params";

/**
 * What `GET /api/prompts` takes: search words, whose prompts ("me", "all" or a member's id), a
 * cursor from the previous page and a page size. Browser-safe: the page builds the same query.
 */

export const PROMPT_PAGE_DEFAULT = 40;
export const PROMPT_PAGE_MAX = 100;

export const promptQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .refine(isPlainText, "Search words cannot hold control characters.")
    .optional(),
  member: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, "member is me, all or a member's id.")
    .default("me"),
  ...pageQuery(PROMPT_PAGE_DEFAULT, PROMPT_PAGE_MAX),
});
export type PromptQuery = z.output<typeof promptQuerySchema>;

/** The query string of a history page: only what differs from the defaults. */
export function promptQueryString(query: { q?: string; member?: string; cursor?: string | null }): string {
  const out = new URLSearchParams();
  if (query.q?.trim()) out.set("q", query.q.trim());
  if (query.member && query.member !== "me") out.set("member", query.member);
  if (query.cursor) out.set("cursor", query.cursor);
  return out.toString();
}
