import { describe, expect, it } from "vitest";
import { issuesToServiceErrors } from "@/lib/protocol/issues";
import { newCommentBody } from "./comments";
import { FREEHAND_POINTS_MAX, MARKS_MAX, type Mark, markSchema } from "./marks";

const arrow: Mark = {
  kind: "arrow",
  color: "red",
  points: [
    [0.1, 0.2],
    [0.5, 0.6],
  ],
};

/** The parameters a body's problems name, as the API answers them. */
function refused(body: unknown): string[] {
  const parsed = newCommentBody.safeParse(body);
  if (parsed.success) return [];
  return issuesToServiceErrors(parsed.error.issues, {}, newCommentBody).map((e) => e.parameter ?? "");
}

describe("marks", () => {
  it("takes each kind in each allowed colour, in fractions of the media", () => {
    const marks: Mark[] = [
      arrow,
      {
        kind: "rectangle",
        color: "yellow",
        points: [
          [0, 0],
          [1, 1],
        ],
      },
      {
        kind: "ellipse",
        color: "blue",
        points: [
          [0.3, 0.3],
          [0.4, 0.5],
        ],
      },
      {
        kind: "freehand",
        color: "white",
        points: [
          [0.1, 0.1],
          [0.2, 0.15],
          [0.3, 0.2],
        ],
      },
    ];
    expect(newCommentBody.parse({ body: "look", marks }).marks).toEqual(marks);
  });

  it("names the mark and the field that is wrong", () => {
    const outside = {
      kind: "freehand",
      color: "green",
      points: [
        [0.1, 0.1],
        [1.2, 0.5],
      ],
    };
    expect(refused({ body: "x", marks: [arrow, arrow, outside] })).toEqual(["marks.2.points.1.0"]);
    expect(refused({ body: "x", marks: [{ ...arrow, color: "purple" }] })).toEqual(["marks.0.color"]);
    expect(refused({ body: "x", marks: [arrow, { ...arrow, kind: "star" }] })).toEqual(["marks.1.kind"]);
    const threePoints = {
      ...arrow,
      points: [
        [0, 0],
        [0.5, 0.5],
        [1, 1],
      ],
    };
    expect(refused({ body: "x", marks: [threePoints] })).toEqual(["marks.0.points"]);
    expect(refused({ body: "x", marks: [{ ...arrow, extra: 1 }] })).toEqual(["marks.0.extra"]);
  });

  it("bounds the count of marks and of a stroke's points", () => {
    expect(refused({ body: "x", marks: Array.from({ length: MARKS_MAX + 1 }, () => arrow) })).toEqual([
      "marks",
    ]);
    const long = {
      kind: "freehand",
      color: "red",
      points: Array.from({ length: FREEHAND_POINTS_MAX + 1 }, (_, i) => [i / (FREEHAND_POINTS_MAX + 1), 0.5]),
    };
    expect(markSchema.safeParse(long).success).toBe(false);
    expect(refused({ body: "x", marks: [long] })).toEqual(["marks.0.points"]);
  });

  it("refuses marks on a reply", () => {
    const parentId = "0b6f2c1e-7f0a-4c1e-9a7b-2f4d5e6a7b8c";
    expect(refused({ body: "x", parentId, marks: [arrow] })).toEqual(["marks"]);
    expect(refused({ body: "x", parentId, marks: [] })).toEqual([]);
  });

  it("takes a range whose out point is after its in point", () => {
    expect(newCommentBody.parse({ body: "x", pin: { seconds: 1, endSeconds: 2.5 } }).pin).toEqual({
      seconds: 1,
      endSeconds: 2.5,
    });
    expect(refused({ body: "x", pin: { seconds: 2, endSeconds: 2 } })).toEqual(["pin.endSeconds"]);
    expect(refused({ body: "x", pin: { seconds: 2, endSeconds: 1 } })).toEqual(["pin.endSeconds"]);
  });
});
