import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath, signInPathFor } from "./next-path";

describe("safeNextPath", () => {
  it("keeps a path of the studio with its query and hash", () => {
    expect(safeNextPath("/gallery?x=1")).toBe("/gallery?x=1");
    expect(safeNextPath("/settings#team")).toBe("/settings#team");
    expect(safeNextPath("/create/image?model=a%20b")).toBe("/create/image?model=a%20b");
  });

  it.each([
    ["//evil.com"],
    ["https://evil.com"],
    ["http://evil.com/gallery"],
    ["/\\evil.com"],
    ["/\\/evil.com"],
    ["\\\\evil.com"],
    ["/\tevil.com"],
    ["/\n/evil.com"],
    ["javascript:alert(1)"],
    ["/.//evil.com"],
    ["/..//evil.com"],
    ["/%2e//evil.com"],
    ["/%2E%2E//evil.com"],
    ["/a/..//evil.com"],
    ["/a/b/../..//evil.com/x?y#z"],
    ["/./\\evil.com"],
    ["gallery"],
    [""],
    [null],
    [undefined],
  ])("sends %j home", (value) => {
    expect(safeNextPath(value)).toBe("/");
  });
});

describe("safeNextPath, for any input", () => {
  const base = "http://studio.invalid";
  // Strings built from the characters that make paths tricky, besides arbitrary ones.
  const tricky = fc
    .array(fc.constantFrom("/", "/", ".", "..", "%2e", "\\", "a", "evil.com", "?", "#", "\t"), {
      maxLength: 10,
    })
    .map((parts) => `/${parts.join("")}`);
  const anyInput = fc.oneof(tricky, fc.string(), fc.webPath(), fc.webUrl());

  it("answers a path of the studio that no browser reads as another host", () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        const next = safeNextPath(value);
        expect(next.startsWith("/")).toBe(true);
        expect(next.startsWith("//")).toBe(false);
        expect(next.startsWith("/\\")).toBe(false);
        expect(new URL(next, base).origin).toBe(base);
        // What is returned is already resolved: checking it again changes nothing.
        expect(safeNextPath(next)).toBe(next);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("signInPathFor", () => {
  it("asks sign-in to come back to the page, and not to come back home", () => {
    expect(signInPathFor("/gallery?x=1")).toBe("/sign-in?next=%2Fgallery%3Fx%3D1");
    expect(signInPathFor("/")).toBe("/sign-in");
    expect(signInPathFor("//evil.com")).toBe("/sign-in");
  });
});
