import { describe, expect, it } from "vitest";
import { encodeKeys } from "@/lib/server/db/cursor";
import { ApiError } from "@/lib/studio/api/errors";
import { decodeFilterCursor, encodeFilterCursor } from "./filter-query";

const key = {
  rating: 4.5,
  createdAt: new Date("2026-03-01T10:00:00.123Z"),
  id: "0b0e6d8e-1c2f-4c1e-9a53-3f1c2d4e5f60",
};

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  return null;
}

describe("the gallery's sort cursor", () => {
  it("gives back the key it was made from, in each sort", () => {
    expect(decodeFilterCursor(encodeFilterCursor("rating", key), "rating")).toEqual(key);
    expect(decodeFilterCursor(encodeFilterCursor("newest", key), "newest")).toEqual({ ...key, rating: 0 });
    expect(decodeFilterCursor(encodeFilterCursor("oldest", key), "oldest")).toEqual({ ...key, rating: 0 });
  });

  it("is the studio's one cursor codec", () => {
    expect(encodeFilterCursor("newest", key)).toBe(encodeKeys(["newest", key.createdAt.getTime(), key.id]));
  });

  it("refuses a cursor of another sort, another list's or a made-up one, naming cursor", () => {
    for (const [cursor, sort] of [
      [encodeFilterCursor("newest", key), "oldest"],
      [encodeFilterCursor("newest", key), "rating"],
      [encodeKeys([key.createdAt.getTime(), key.id]), "newest"],
      [encodeKeys(["rating", key.createdAt.getTime(), key.id, "9"]), "rating"],
      [encodeKeys(["newest", "soon", key.id]), "newest"],
      ["bm90LWEtY3Vyc29y", "newest"],
    ] as const) {
      const err = refusal(() => decodeFilterCursor(cursor, sort));
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 400, error: { code: "invalidCursor", parameter: "cursor" } });
    }
  });
});
