import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, decodeKeys, encodeCursor, encodeKeys } from "./cursor";

describe("the one cursor", () => {
  it("gives back the time and id it was made from", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(0), max: new Date("2200-01-01"), noInvalidDate: true }),
        fc.uuid(),
        (at, id) => {
          expect(decodeCursor(encodeCursor(at, id))).toEqual({ at, id: id.toLowerCase() });
        },
      ),
    );
  });

  it("holds any key parts, and refuses a cursor with another count of them", () => {
    const cursor = encodeKeys(["2026-11-27", 4.5, "a|b:c"]);
    expect(decodeKeys(cursor, 3)).toEqual(["2026-11-27", "4.5", "a|b:c"]);
    expect(() => decodeKeys(cursor, 2)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("answers no cursor as the first page, and refuses one it did not give, naming cursor", () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor("")).toBeNull();
    for (const bad of [
      "nonsense",
      encodeKeys(["x", "y"]),
      encodeKeys([1, "not-a-uuid"]),
      encodeKeys(["1e3", crypto.randomUUID()]),
    ]) {
      expect(() => decodeCursor(bad), bad).toThrow(
        expect.objectContaining({
          status: 400,
          errors: [expect.objectContaining({ code: "invalidCursor", parameter: "cursor" })],
        }),
      );
    }
  });
});
