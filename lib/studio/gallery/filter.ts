import { z } from "zod";
import { REVIEW_STATES, type ReviewState } from "../review/review";

/**
 * The gallery's filter state as URL query parameters, one schema for the page (which keeps it in
 * its address, so a view is a link) and the server (which turns it into one indexed query). No
 * server imports: the browser parses with the same rules.
 */

export const GALLERY_SORTS = ["newest", "oldest", "rating"] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
export const GALLERY_KINDS = ["image", "video"] as const;
export const GALLERY_ASPECTS = ["square", "landscape", "portrait"] as const;
export type GalleryAspect = (typeof GALLERY_ASPECTS)[number];

export const SORT_LABELS: Record<GallerySort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  rating: "Best rated",
};
export const ASPECT_LABELS: Record<GalleryAspect, string> = {
  square: "Square",
  landscape: "Landscape",
  portrait: "Portrait",
};

// No control characters and no lone surrogates: the database refuses both, so they can only be a
// broken link, answered as a bad parameter.
export function isPlainText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}
const word = (max: number) => z.string().trim().min(1).max(max).refine(isPlainText);
// Ids, model AIRs (`runware:100@1`), member ids: printable, no spaces or control characters.
const token = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,199}$/);
/**
 * A day of the calendar, years 0001 to 9999. `Date.parse` is no judge here: it rolls
 * `2024-02-30` over into March and takes year 0000, which the database refuses.
 */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || date < 1) return false;
  // Day 0 of the next month is the last day of this one; the setter keeps years below 100 as given.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return date <= last.getUTCDate();
}
const day = z.string().refine(isCalendarDay);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** Each parameter, in the canonical order of a serialized view; `many` ones repeat. */
const PARAMETERS = {
  q: { schema: word(200), many: false, expected: "search words (at most 200 characters)" },
  workflow: { schema: token, many: true, expected: "a workflow such as text-to-image" },
  taskType: { schema: token, many: false, expected: "a task type such as imageInference" },
  model: { schema: token, many: false, expected: "a model id such as runware:100@1" },
  lora: { schema: token, many: false, expected: "a LoRA model id" },
  author: { schema: token, many: false, expected: "a member id" },
  from: { schema: day, many: false, expected: "a date as YYYY-MM-DD" },
  to: { schema: day, many: false, expected: "a date as YYYY-MM-DD" },
  board: { schema: uuid, many: false, expected: "a board id" },
  rating: {
    schema: z.coerce.number().int().min(1).max(5),
    many: false,
    expected: "a whole number from 1 to 5",
  },
  state: { schema: z.enum(REVIEW_STATES), many: true, expected: REVIEW_STATES.join(", ") },
  tag: {
    schema: word(64).transform((t) => t.toLowerCase()),
    many: false,
    expected: "a tag of at most 64 characters",
  },
  kind: { schema: z.enum(GALLERY_KINDS), many: false, expected: "image or video" },
  aspect: { schema: z.enum(GALLERY_ASPECTS), many: false, expected: GALLERY_ASPECTS.join(", ") },
  starred: { schema: z.literal("1"), many: false, expected: "1" },
  assignee: { schema: token, many: false, expected: "a member id or me" },
  // Seed stacks fold unless the view asks for each seed apart ("Stack seeds" off).
  seeds: { schema: z.literal("apart"), many: false, expected: "apart" },
  sort: { schema: z.enum(GALLERY_SORTS), many: false, expected: GALLERY_SORTS.join(", ") },
} as const;

export type GalleryFilterKey = keyof typeof PARAMETERS;
export const GALLERY_FILTER_KEYS = Object.keys(PARAMETERS) as GalleryFilterKey[];

export interface GalleryFilter {
  q?: string;
  workflow?: string[];
  taskType?: string;
  model?: string;
  lora?: string;
  author?: string;
  /** First day included, UTC. */
  from?: string;
  /** Last day included, UTC. */
  to?: string;
  board?: string;
  /** Minimum team average. */
  rating?: number;
  state?: ReviewState[];
  tag?: string;
  kind?: "image" | "video";
  aspect?: GalleryAspect;
  starred?: true;
  /** A member id, or `me` for whoever asks. */
  assignee?: string;
  /** `apart`: each seed its own card; absent, results differing only by seed are one stack. */
  seeds?: "apart";
  /** Absent means newest first. */
  sort?: GallerySort;
}

export interface FilterError {
  code: string;
  message: string;
  parameter: string;
  type: string;
}

export type FilterOutcome = { ok: true; filter: GalleryFilter } | { ok: false; errors: FilterError[] };

function invalid(parameter: string, expected: string, got: string): FilterError {
  return {
    code: `invalid${parameter[0]?.toUpperCase() ?? ""}${parameter.slice(1)}`,
    message: `Invalid '${parameter}': expected ${expected} (got ${JSON.stringify(got.slice(0, 60))}).`,
    parameter,
    type: "string",
  };
}

/**
 * One filter parameter as the query gives it (absent, once, or repeated): empty values count as
 * absent, so a cleared input leaves no trace; a bad value is one issue naming the parameter, its
 * code in `params` as the contract's error list reads it.
 */
function parameterSchema<K extends GalleryFilterKey>(key: K) {
  const spec = PARAMETERS[key];
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((input, ctx): GalleryFilter[K] | undefined => {
      const raw = (input === undefined ? [] : Array.isArray(input) ? input : [input]).filter((v) => v !== "");
      if (raw.length === 0) return undefined;
      const refuse = (expected: string, got: string) => {
        const error = invalid(key, expected, got);
        ctx.addIssue({
          code: "custom",
          message: error.message,
          params: { code: error.code, type: "string" },
          input,
        });
        return z.NEVER;
      };
      if (!spec.many && raw.length > 1) return refuse(`one value (${spec.expected})`, raw.join(","));
      if (raw.length > 20) return refuse("at most 20 values", raw.join(","));
      const values: unknown[] = [];
      for (const value of raw) {
        const parsed = (spec.schema as z.ZodType).safeParse(value);
        if (!parsed.success) return refuse(spec.expected, value);
        values.push(parsed.data);
      }
      if (key === "starred") return true as GalleryFilter[K];
      // Newest first is the order without a sort: one view, one spelling.
      if (key === "sort" && values[0] === "newest") return undefined;
      return (spec.many ? [...new Set(values)].sort() : values[0]) as GalleryFilter[K];
    })
    .optional();
}

/**
 * The filter's parameters as a query schema: the gallery's list, its totals and the viewer's
 * neighbours spread it into their declared query, and `parseGalleryFilter` reads a link with it.
 */
export const galleryFilterShape = Object.fromEntries(
  GALLERY_FILTER_KEYS.map((key) => [key, parameterSchema(key)]),
) as { [K in GalleryFilterKey]: ReturnType<typeof parameterSchema<K>> };

/** The rule across parameters: the last day is not before the first. */
export function checkFilterDays(
  filter: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    const error = invalid("to", "a day on or after 'from'", filter.to);
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: error.message,
      params: { code: error.code, type: "string" },
      input: filter.to,
    });
  }
}

export const galleryFilterQuery = z.object(galleryFilterShape).superRefine(checkFilterDays);

/** The filter's own parameters of a parsed query (a page's `cursor` and `limit` are not its business). */
export function filterOf(query: Partial<Record<string, unknown>>): GalleryFilter {
  const filter: Record<string, unknown> = {};
  for (const key of GALLERY_FILTER_KEYS) if (query[key] !== undefined) filter[key] = query[key];
  return filter as GalleryFilter;
}

/** A canonical filter query string (no `?`) as an endpoint's query: a repeated key an array. */
export function filterQueryOf(search: string): Record<string, string | string[]> {
  const params = new URLSearchParams(search);
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return out;
}

/** The filter in a link's query, or every bad parameter, each named. */
export function parseGalleryFilter(params: URLSearchParams): FilterOutcome {
  const raw: Record<string, string[]> = {};
  for (const key of GALLERY_FILTER_KEYS) {
    const values = params.getAll(key);
    if (values.length > 0) raw[key] = values;
  }
  const parsed = galleryFilterQuery.safeParse(raw);
  if (parsed.success) return { ok: true, filter: filterOf(parsed.data) };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const parameter = String(issue.path[0] ?? "");
      const code = (issue as { params?: { code?: string } }).params?.code ?? invalid(parameter, "", "").code;
      return { code, message: issue.message, parameter, type: "string" };
    }),
  };
}

/** The filter as a query string (no `?`), parameters in a fixed order: one view, one link. */
export function serializeGalleryFilter(filter: GalleryFilter): string {
  const out = new URLSearchParams();
  for (const key of GALLERY_FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    if (key === "sort" && value === "newest") continue;
    if (key === "starred") out.append("starred", "1");
    else if (Array.isArray(value)) for (const v of [...value].sort()) out.append(key, String(v));
    else out.append(key, String(value));
  }
  return out.toString();
}

/** How many filters narrow the view (the sort is not one). */
export function activeFilterCount(filter: GalleryFilter): number {
  return GALLERY_FILTER_KEYS.filter((k) => k !== "sort" && k !== "seeds" && filter[k] !== undefined).length;
}

/** The filters the bar's folding menus set (the search, the star and the order stay in sight). */
const MENU_FILTER_KEYS = [
  "workflow",
  "model",
  "lora",
  "author",
  "board",
  "state",
  "rating",
  "tag",
  "kind",
  "aspect",
  "from",
  "to",
] as const satisfies readonly GalleryFilterKey[];

/** How many of the folding menus' filters are set. */
export function menuFilterCount(filter: GalleryFilter): number {
  return MENU_FILTER_KEYS.filter((k) => filter[k] !== undefined).length;
}

const facetSchema = z.object({ id: z.string(), name: z.string().optional(), count: z.number().int() });

/** What the gallery's filter menus offer: each value among live items, with how many have it. */
export const galleryFacetsSchema = z.object({
  /** `name`: the model's catalogue name, when the service lists it. */
  models: z.array(facetSchema),
  loras: z.array(facetSchema),
  authors: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  workflows: z.array(z.object({ workflow: z.string(), count: z.number().int() })),
});
export type GalleryFacets = z.infer<typeof galleryFacetsSchema>;
