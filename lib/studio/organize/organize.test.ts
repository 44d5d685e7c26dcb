import { describe, expect, it } from "vitest";
import { savedSearchCreateSchema, savedSearchPatchSchema, shareLinkCreateSchema } from "./organize";

describe("a saved view's query", () => {
  it("is kept when the gallery can show it", () => {
    const parsed = savedSearchCreateSchema.parse({ name: "March", query: "?from=2026-03-01&to=2026-03-31" });
    expect(parsed.query).toBe("from=2026-03-01&to=2026-03-31");
  });

  it.each(["to=2024-02-30", "from=0000-01-01"])(
    "is refused with an impossible day (%s), naming it",
    (query) => {
      const outcome = savedSearchCreateSchema.safeParse({ name: "Bad", query });
      expect(outcome.success).toBe(false);
      expect(outcome.error?.issues[0]?.path).toEqual(["query"]);
      expect(outcome.error?.issues[0]?.message).toContain(query.split("=")[0]);
      expect(savedSearchPatchSchema.safeParse({ query }).success).toBe(false);
    },
  );
});

describe("a new share link", () => {
  it("hides the prompt and settings unless they are asked for", () => {
    const id = "0b7c6f1e-2a4d-4c3b-9e8f-1a2b3c4d5e6f";
    expect(shareLinkCreateSchema.parse({ itemId: id }).showParams).toBe(false);
    expect(shareLinkCreateSchema.parse({ itemId: id, showParams: true }).showParams).toBe(true);
  });
});
