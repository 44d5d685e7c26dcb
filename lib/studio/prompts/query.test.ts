import { describe, expect, it } from "vitest";
import { promptQuerySchema, promptQueryString } from "./query";

describe("the prompt history query", () => {
  it("defaults to my prompts, a page of 40", () => {
    expect(promptQuerySchema.parse({})).toEqual({ member: "me", limit: 40 });
  });

  it("takes search words, a member and a page size from a query string", () => {
    expect(promptQuerySchema.parse({ q: " red fox ", member: "all", limit: "10" })).toEqual({
      q: "red fox",
      member: "all",
      limit: 10,
    });
  });

  it("refuses what the database could not read", () => {
    expect(promptQuerySchema.safeParse({ q: "a\u0000b" }).success).toBe(false);
    expect(promptQuerySchema.safeParse({ q: "x\ud800" }).success).toBe(false);
    expect(promptQuerySchema.safeParse({ member: "../etc" }).success).toBe(false);
    expect(promptQuerySchema.safeParse({ limit: "1000" }).success).toBe(false);
    expect(promptQuerySchema.safeParse({ limit: "0.5" }).success).toBe(false);
  });

  it("writes only what differs from the defaults", () => {
    expect(promptQueryString({ q: "", member: "me" })).toBe("");
    expect(promptQueryString({ q: "fox", member: "all", cursor: "abc" })).toBe("q=fox&member=all&cursor=abc");
  });
});
