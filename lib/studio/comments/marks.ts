import { z } from "zod";

/**
 * Marks drawn on the media with a comment: arrows, rectangles, ellipses and freehand strokes.
 * Every point is RELATIVE to the media (0..1 across its width and down its height), so a mark
 * holds its place at every size, zoom and viewport.
 */

/** The colours a mark may take, by the name a screen reader says; `hex` is how it is drawn. */
export const MARK_COLORS = [
  { id: "red", label: "Red", hex: "#ef4444" },
  { id: "yellow", label: "Yellow", hex: "#facc15" },
  { id: "green", label: "Green", hex: "#22c55e" },
  { id: "blue", label: "Blue", hex: "#3b82f6" },
  { id: "white", label: "White", hex: "#ffffff" },
] as const;
export type MarkColor = (typeof MARK_COLORS)[number]["id"];
const colorIds = MARK_COLORS.map((c) => c.id) as [MarkColor, ...MarkColor[]];

export const MARK_KINDS = ["arrow", "rectangle", "ellipse", "freehand"] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

/** At most this many marks on one comment. */
export const MARKS_MAX = 30;
/** A freehand stroke keeps at most this many points (the drawing thins a longer one). */
export const FREEHAND_POINTS_MAX = 400;
/** All the comment's marks together: a bound on the stored size whatever the mix. */
export const MARK_POINTS_MAX = 2_000;

const coordinate = z
  .number()
  .min(0, "A point lies on the media: 0 to 1.")
  .max(1, "A point lies on the media: 0 to 1.");
/** A point as [x, y], each a fraction of the media's width or height. */
const point = z.tuple([coordinate, coordinate]);
export type MarkPoint = z.infer<typeof point>;

const color = z.enum(colorIds);
/** Two points: an arrow's tail and head, or the opposite corners of a rectangle's or ellipse's box. */
const twoPoints = z.array(point).length(2, "This mark takes exactly two points.");

export const markSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("arrow"), color, points: twoPoints }),
  z.strictObject({ kind: z.literal("rectangle"), color, points: twoPoints }),
  z.strictObject({ kind: z.literal("ellipse"), color, points: twoPoints }),
  z.strictObject({
    kind: z.literal("freehand"),
    color,
    points: z
      .array(point)
      .min(2, "A stroke takes at least two points.")
      .max(FREEHAND_POINTS_MAX, `A stroke takes at most ${FREEHAND_POINTS_MAX} points.`),
  }),
]);
export type Mark = z.infer<typeof markSchema>;

/** A comment's marks as written: bounded in count and in points altogether. */
export const marksInput = z
  .array(markSchema)
  .max(MARKS_MAX, `A comment takes at most ${MARKS_MAX} marks.`)
  .refine((marks) => marks.reduce((n, m) => n + m.points.length, 0) <= MARK_POINTS_MAX, {
    message: `A comment's marks take at most ${MARK_POINTS_MAX} points altogether.`,
  });

/** The marks as stored and read back (already checked on the way in). */
export const marksView = z.array(markSchema);

export function colorHex(id: MarkColor): string {
  return MARK_COLORS.find((c) => c.id === id)?.hex ?? "#ffffff";
}

/** How a person reads a list of marks: "2 marks". */
export function marksLabel(count: number): string {
  return count === 1 ? "1 mark" : `${count} marks`;
}
