import { z } from "zod";
import { galleryItemSchema } from "../items/gallery-item";

/**
 * The items of a comparison, as `compareUrl` spells them (`?ids=a,b,c`): read by the compare
 * page and by `GET /api/items/compare` with one rule, so a link the page accepts the API accepts.
 */

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

const ITEM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CompareIds = { ok: true; ids: string[] } | { ok: false; message: string };

/** The ids of `?ids=`, in their order; or why they cannot be compared, in a person's words. */
export function parseCompareIds(raw: string | null | undefined): CompareIds {
  const ids = (raw ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  if (ids.length < COMPARE_MIN) {
    return { ok: false, message: `Pick at least ${COMPARE_MIN} items to compare.` };
  }
  if (ids.length > COMPARE_MAX) {
    return { ok: false, message: `Compare at most ${COMPARE_MAX} items at a time.` };
  }
  if (!ids.every((id) => ITEM_ID.test(id))) {
    return { ok: false, message: "This comparison names an item that does not exist." };
  }
  const lower = ids.map((id) => id.toLowerCase());
  if (new Set(lower).size !== lower.length) {
    return { ok: false, message: "Each item can be in a comparison once." };
  }
  return { ok: true, ids: lower };
}

/** One item of a comparison, as the items endpoint's `compare` answers it. */
export const compareEntrySchema = z.object({
  item: galleryItemSchema,
  /** The task as sent (inline media replaced by references), with this item's own seed. */
  params: z.record(z.string(), z.unknown()),
});
export type CompareEntry = z.infer<typeof compareEntrySchema>;

/** The letter an item goes by on the compare page: A is the first column. */
export function compareLetter(index: number): string {
  return String.fromCharCode(65 + index);
}
