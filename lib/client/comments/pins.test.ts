import { describe, expect, it } from "vitest";
import type { CommentThread } from "@/lib/studio/comments/comments";
import { formatTime, pinNumbers } from "./pins";

describe("review pins", () => {
  it("numbers pinned threads in order, skipping unpinned ones", () => {
    const t = (id: string, pin: CommentThread["pin"]) => ({ id, pin, marks: [] }) as unknown as CommentThread;
    const numbers = pinNumbers([t("a", { x: 0, y: 0 }), t("b", null), t("c", { seconds: 2 })]);
    expect([...numbers]).toEqual([
      ["a", 1],
      ["c", 2],
    ]);
  });

  it("numbers a thread drawn on without a pin among the pinned ones", () => {
    const t = (id: string, pin: CommentThread["pin"], marks: CommentThread["marks"] = []) =>
      ({ id, pin, marks }) as unknown as CommentThread;
    const drawn: CommentThread["marks"] = [
      {
        kind: "arrow",
        color: "red",
        points: [
          [0, 0],
          [1, 1],
        ],
      },
    ];
    const numbers = pinNumbers([t("a", null), t("b", null, drawn), t("c", { x: 0, y: 0 })]);
    expect([...numbers]).toEqual([
      ["b", 1],
      ["c", 2],
    ]);
  });

  it("tells a moment as minutes, seconds and hundredths", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(75)).toBe("1:15");
    expect(formatTime(75.25)).toBe("1:15.25");
    expect(formatTime(1 / 24)).toBe("0:00.04");
    expect(formatTime(59.999)).toBe("1:00");
  });
});
